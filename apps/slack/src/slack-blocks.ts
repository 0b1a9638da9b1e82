/**
 * @module Slack messages from Quarry's answers, as Block Kit: a clarifying question with one button
 * per quick reply (and "No preference"), each dataset as a compact section (name linked to its page,
 * year, data kind, tasks, why it fits, one cited sentence with its paper), and answers as quoted
 * sentences linking into the reader. Within Slack's limits (50 blocks, 3,000 characters a text):
 * a long list ends with a "more in Quarry" line instead of failing. Every text from papers and the
 * catalog is escaped, so it cannot mention a channel or forge a link.
 */
import type { KnownBlock } from '@slack/types';
import type { AgentReply, Citation, DatasetCard } from '@quarry/agent';
import type { SlackLinks } from './slack-links.js';

export const slackLimits = {
  maxBlocks: 50,
  maxSectionCharacters: 3000,
  maxButtonText: 75,
  maxButtonValue: 2000,
  maxButtons: 25,
  /** The notification text of a message. */
  maxFallbackCharacters: 3000,
} as const;

/** The action id of every quick-reply button (the value says which reply). */
export const quickReplyActionId = 'quarry_quick_reply';
export const noPreference = 'No preference';

export interface SlackMessage {
  /** Plain text for notifications and clients without blocks. */
  text: string;
  blocks: KnownBlock[];
}

export interface QuickReplyValue {
  /** The conversation the reply continues. */
  conversationId: string;
  reply: string;
}

/** `&`, `<` and `>` are Slack's control characters in mrkdwn. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

function link(url: string | null, label: string): string {
  const text = escapeMrkdwn(label).replace(/\|/g, '¦');
  return url ? `<${url}|${text}>` : `*${text}*`;
}

function section(text: string): KnownBlock {
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: clip(text, slackLimits.maxSectionCharacters) },
  };
}

function quote(citation: Citation, links: SlackLinks): string {
  const sentence = escapeMrkdwn(citation.text.replace(/\s+/g, ' ').trim());
  return `> ${clip(sentence, 600)}\n— ${link(links.sentence(citation.paperId, citation.sentenceIndex), citation.paperTitle || citation.paperId)}`;
}

function datasetSection(card: DatasetCard, links: SlackLinks): KnownBlock {
  const facts = [
    card.year === null ? null : String(card.year),
    card.modalities.slice(0, 3).join(', ') || null,
    card.tasks.slice(0, 3).join(', ') || null,
  ].filter((fact): fact is string => fact !== null && fact !== '');
  const name = link(links.dataset(card.datasetId), card.name);
  const lines = [
    `${name}${facts.length > 0 ? ` · ${escapeMrkdwn(facts.join(' · '))}` : ''}`,
    `_${escapeMrkdwn(clip(card.why, 300))}_`,
  ];
  const first = card.citations[0];
  if (first) lines.push(quote(first, links));
  return section(lines.join('\n'));
}

/** Blocks of a list, cut to fit Slack's limit with a "more in Quarry" line when cut. */
function fitList(options: {
  head: KnownBlock[];
  items: KnownBlock[];
  tail: KnownBlock[];
  moreText: (hidden: number) => string;
}): KnownBlock[] {
  const room = slackLimits.maxBlocks - options.head.length - options.tail.length;
  if (options.items.length <= room) return [...options.head, ...options.items, ...options.tail];
  const shown = options.items.slice(0, room - 1);
  return [
    ...options.head,
    ...shown,
    section(options.moreText(options.items.length - shown.length)),
    ...options.tail,
  ];
}

function openInQuarry(conversationId: string | null, links: SlackLinks): KnownBlock[] {
  const url = conversationId === null ? null : links.conversation(conversationId);
  return url
    ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: `<${url}|Open in Quarry>` }] }]
    : [];
}

function quickReplyButtons(options: string[], conversationId: string): KnownBlock {
  const replies = options.some((option) => option.toLowerCase() === noPreference.toLowerCase())
    ? options
    : [...options, noPreference];
  const buttons = replies.slice(0, slackLimits.maxButtons).flatMap((reply, position) => {
    const value = JSON.stringify({ conversationId, reply } satisfies QuickReplyValue);
    if (value.length > slackLimits.maxButtonValue) return [];
    return [
      {
        type: 'button' as const,
        action_id: `${quickReplyActionId}_${position}`,
        text: { type: 'plain_text' as const, text: clip(reply, slackLimits.maxButtonText) },
        value,
      },
    ];
  });
  return { type: 'actions', block_id: 'quarry_quick_replies', elements: buttons };
}

export function renderAgentReply(options: {
  reply: AgentReply;
  conversationId: string;
  links: SlackLinks;
}): SlackMessage {
  const { reply, conversationId, links } = options;
  const text = clip(reply.text, slackLimits.maxFallbackCharacters);
  const head = [section(escapeMrkdwn(reply.text))];
  const tail = openInQuarry(conversationId, links);
  switch (reply.kind) {
    case 'clarify':
      return { text, blocks: [...head, quickReplyButtons(reply.options, conversationId), ...tail] };
    case 'recommend':
      return {
        text,
        blocks: fitList({
          head,
          items: reply.datasets.map((card) => datasetSection(card, links)),
          tail,
          moreText: (hidden) => `…and ${hidden} more datasets in Quarry.`,
        }),
      };
    case 'answer':
      return {
        text,
        blocks: fitList({
          head,
          items: reply.answers.map((citation) => section(quote(citation, links))),
          tail,
          moreText: (hidden) => `…and ${hidden} more sentences in Quarry.`,
        }),
      };
    case 'notice':
      return { text, blocks: [...head, ...tail] };
  }
}

/** `/quarry ask` and `/quarry find`: quoted sentences in rank order, or a plain "none". */
export function renderSentences(options: {
  heading: string;
  sentences: Citation[];
  links: SlackLinks;
  whenNone: string;
}): SlackMessage {
  const { heading, sentences, links } = options;
  if (sentences.length === 0) {
    return { text: options.whenNone, blocks: [section(escapeMrkdwn(options.whenNone))] };
  }
  return {
    text: clip(heading, slackLimits.maxFallbackCharacters),
    blocks: fitList({
      head: [section(escapeMrkdwn(heading))],
      items: sentences.map((citation) => section(quote(citation, links))),
      tail: [],
      moreText: (hidden) => `…and ${hidden} more sentences in Quarry.`,
    }),
  };
}

/** The short apology for an internal failure, with the reference id the server log also has. */
export function renderApology(referenceId: string): SlackMessage {
  const text = `Sorry, something went wrong on Quarry's side (reference ${referenceId}).`;
  return { text, blocks: [section(escapeMrkdwn(text))] };
}

export function readQuickReplyValue(value: string | undefined): QuickReplyValue | null {
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(value) as Partial<QuickReplyValue>;
    return typeof parsed.conversationId === 'string' && typeof parsed.reply === 'string'
      ? { conversationId: parsed.conversationId, reply: parsed.reply }
      : null;
  } catch {
    return null;
  }
}
