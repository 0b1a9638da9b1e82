/**
 * @module The MCP services in the process that holds the database: the chat's conversation code
 * (respondInConversation, as POST /api/chat), the API's answer search and in-paper find, the paper
 * and dataset repositories, the upload and arXiv paths for new papers; results link to the web app.
 */
import { randomUUID } from 'node:crypto';
import { AppError, sectionRoleOfTitle } from '@quarry/core';
import type { Frame } from '@quarry/core';
import { respondInConversation } from '@quarry/agent';
import type { AgentReply, Citation, DatasetAgent, DatasetCard, Slot } from '@quarry/agent';
import { findDatasetMentions } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';
import type { Store, StoredPaper } from '@quarry/store';
import type { QuarryMcpServices, RecommendFilters } from './quarry-services.js';
import type {
  CitedSentence,
  DatasetCardOutput,
  GetPaperOutput,
  RecommendOutput,
} from './tool-contracts.js';
import type { WebLinks } from './web-links.js';

/** Conversations started over MCP are owned by this prefix: the web and Slack cannot open them. */
export const mcpOwner = 'mcp:assistant';

/** What adding a paper returns, from the upload route's uploader or the arXiv pull. */
export interface AddedPapers {
  papers: { id: string; title: string }[];
  summary: { frames: number; errors: { where: string; message: string }[] };
}

export interface LocalServicesOptions {
  store: Store;
  /** The current dataset agent (the catalog may be rebuilt while the server runs). */
  agent: () => DatasetAgent;
  /** The search for people's questions (answers, in-paper find); null while it loads. */
  answers: () => AnswerSearch | null;
  /** The offline search used for dataset citations (default `answers`). */
  citations?: () => AnswerSearch | null;
  /** Stores an uploaded file as POST /api/papers does (searchable when it returns). */
  uploadPaper?: (file: { name: string; bytes: Uint8Array }) => Promise<AddedPapers>;
  /** Pulls arXiv papers as `quarry pull arxiv` does (searchable when it returns). */
  addArxivPaper?: (reference: string) => Promise<AddedPapers>;
  links: WebLinks;
  /** Most characters of paper text one get_paper page holds. */
  pageCharacters: number;
  /** Most messages one conversation may hold. */
  maxConversationMessages: number;
  /** Largest file add_paper accepts, in bytes. */
  maxUploadBytes: number;
  newConversationId?: () => string;
}

/** Each filter answers the question about its slot. */
const filterOfSlot = {
  task: 'task',
  modality: 'modality',
  domain: 'domain',
  language: 'language',
  textLength: 'text_length',
} as const satisfies Record<Slot, keyof RecommendFilters>;

const notFound = (what: string, where: string): AppError =>
  new AppError({ code: 'not_found', message: `no such ${what}`, where });

function requireIndex(search: AnswerSearch | null): AnswerSearch {
  if (search) return search;
  throw new AppError({
    code: 'model_failure',
    message: 'the answer index is still loading',
    fix: 'try again in a moment',
  });
}

function cited(links: WebLinks, citation: Citation): CitedSentence {
  return {
    paperId: citation.paperId,
    paperTitle: citation.paperTitle,
    sentenceIndex: citation.sentenceIndex,
    text: citation.text,
    link: links.sentence({ paperId: citation.paperId, sentenceIndex: citation.sentenceIndex }),
  };
}

function card(links: WebLinks, dataset: DatasetCard): DatasetCardOutput {
  return {
    id: dataset.datasetId,
    name: dataset.name,
    fullName: dataset.fullName ?? undefined,
    year: dataset.year ?? undefined,
    why: dataset.why,
    tasks: dataset.tasks,
    modalities: dataset.modalities,
    languages: dataset.languages,
    homepage: dataset.homepage ?? undefined,
    paperTitle: dataset.paperTitle ?? undefined,
    paperUrl: dataset.paperUrl ?? undefined,
    license: dataset.license ?? undefined,
    link: links.dataset(dataset.datasetId),
    citations: dataset.citations.map((citation) => cited(links, citation)),
  };
}

export function recommendOutputOf(options: {
  reply: AgentReply;
  conversation: string;
  links: WebLinks;
}): RecommendOutput {
  const { reply, links } = options;
  return {
    kind: reply.kind,
    reply: reply.text,
    conversation: options.conversation,
    datasets: reply.kind === 'recommend' ? reply.datasets.map((item) => card(links, item)) : [],
    question:
      reply.kind === 'clarify'
        ? { slot: reply.slot, text: reply.text, options: reply.options }
        : undefined,
    answers: reply.kind === 'answer' ? reply.answers.map((item) => cited(links, item)) : [],
  };
}

/** A paper by id, else by title: an exact title, or the only title containing the words. */
async function resolvePaper(store: Store, reference: string): Promise<StoredPaper> {
  const byId = await store.papers.get(reference);
  if (byId) return byId;
  const matches = await store.papers.list({ titleContains: reference, limit: 6 });
  const wanted = reference.trim().toLowerCase();
  const chosen =
    matches.find((paper) => paper.title.trim().toLowerCase() === wanted) ??
    (matches.length === 1 ? matches[0] : undefined);
  if (chosen) {
    const paper = await store.papers.get(chosen.id);
    if (paper) return paper;
  }
  if (matches.length > 1) {
    throw new AppError({
      code: 'invalid_input',
      message: `several papers match "${reference.slice(0, 100)}": ${matches
        .slice(0, 5)
        .map((paper) => `${paper.title} (${paper.id})`)
        .join('; ')}`,
      fix: 'give the paper id',
      where: 'paper',
    });
  }
  throw new AppError({
    code: 'not_found',
    message: `no paper with the id or title "${reference.slice(0, 100)}"`,
    fix: 'list_papers finds the ids',
    where: 'paper',
  });
}

interface TextPage {
  text: string;
  first: number | null;
  last: number | null;
}

/** Sentences in reading order cut into pages of at most `limit` characters, at sentence ends. */
function pagesOf(options: {
  frames: readonly Frame[];
  sectionTitles: ReadonlyMap<number, string>;
  limit: number;
}): TextPage[] {
  const pages: TextPage[] = [];
  let lines: string[] = [];
  let length = 0;
  let first: number | null = null;
  let last: number | null = null;
  let section: number | null = null;
  const close = () => {
    if (lines.length > 0) pages.push({ text: lines.join('\n'), first, last });
    lines = [];
    length = 0;
    first = null;
    section = null;
  };
  for (const frame of options.frames) {
    const heading = `## ${options.sectionTitles.get(frame.sectionIndex) ?? `Section ${frame.sectionIndex}`}`;
    let line = `[s${frame.sentenceIndex}] ${frame.text}`;
    if (line.length > options.limit) line = `${line.slice(0, Math.max(1, options.limit - 1))}…`;
    const added = line.length + 1 + (frame.sectionIndex === section ? 0 : heading.length + 1);
    if (length > 0 && length + added > options.limit) close();
    // A page opens with its section's title, so each page reads on its own.
    if (frame.sectionIndex !== section) {
      lines.push(heading);
      length += heading.length + 1;
      section = frame.sectionIndex;
    }
    lines.push(line);
    length += line.length + 1;
    first ??= frame.sentenceIndex;
    last = frame.sentenceIndex;
  }
  close();
  return pages.length > 0 ? pages : [{ text: '', first: null, last: null }];
}

function decodeBase64(text: string, maxBytes: number): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) {
    throw new AppError({
      code: 'invalid_input',
      message: 'file.base64 is not base64',
      where: 'file.base64',
    });
  }
  if (Math.floor((compact.length * 3) / 4) > maxBytes + 3) {
    throw new AppError({
      code: 'too_large',
      message: `the file is larger than ${maxBytes} bytes (QUARRY_MAX_UPLOAD_BYTES)`,
      where: 'file',
    });
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

export function createLocalServices(options: LocalServicesOptions): QuarryMcpServices {
  const { store, links } = options;
  const newId = options.newConversationId ?? (() => `mcp-${randomUUID()}`);
  const citationIndex = options.citations ?? options.answers;

  return {
    async recommend({ conversation, message, filters }) {
      const id = conversation ?? newId();
      const turnOf = (text: string) =>
        respondInConversation({
          agent: options.agent(),
          conversations: store.conversations,
          id,
          owner: mcpOwner,
          message: text,
          mayContinue: (owner) => owner === mcpOwner,
          maxMessages: options.maxConversationMessages,
          ...(filters.year_max === undefined ? {} : { yearMax: filters.year_max }),
        });
      let turn = await turnOf(message);
      // Each filter answers the agent's question about its slot, as the user would.
      const answered = new Set<Slot>();
      while (turn.reply.kind === 'clarify' && !answered.has(turn.reply.slot)) {
        const value = filters[filterOfSlot[turn.reply.slot]];
        if (typeof value !== 'string') break;
        answered.add(turn.reply.slot);
        turn = await turnOf(value);
      }
      return recommendOutputOf({ reply: turn.reply, conversation: id, links });
    },

    async searchAnswers({ question, paper, limit }) {
      const index = requireIndex(options.answers());
      const paperIds = paper === undefined ? undefined : [(await resolvePaper(store, paper)).id];
      const result = await index.search({
        query: question,
        limit,
        ...(paperIds ? { filter: { paperIds } } : {}),
      });
      return {
        question,
        clearAnswer: result.clearAnswer,
        answers: result.hits.map((hit) => ({
          text: hit.text,
          paperId: hit.paperId,
          paperTitle: hit.paperTitle,
          section: hit.sectionTitle,
          sectionKind: hit.sectionKind,
          sectionRole: hit.sectionRole,
          sentenceIndex: hit.sentenceIndex,
          page: hit.page ?? undefined,
          contextBefore: hit.contextBefore,
          contextAfter: hit.contextAfter,
          score: hit.score,
          link: links.sentence({
            paperId: hit.paperId,
            sentenceIndex: hit.sentenceIndex,
            query: question,
          }),
        })),
      };
    },

    async findInPaper({ paper, question, mode, limit }) {
      const index = requireIndex(options.answers());
      const stored = await resolvePaper(store, paper);
      const result = await index.findInPaper({
        paperId: stored.id,
        query: question,
        mode,
        limit,
      });
      return {
        paperId: stored.id,
        paperTitle: stored.title,
        question,
        clearAnswer: result.clearAnswer,
        hits: result.hits.map((hit) => ({
          text: hit.text,
          section: hit.sectionTitle,
          sectionKind: hit.sectionKind,
          sectionRole: hit.sectionRole,
          sentenceIndex: hit.sentenceIndex,
          score: hit.score,
          highlight: hit.highlight?.text,
          link: links.sentence({
            paperId: stored.id,
            sentenceIndex: hit.sentenceIndex,
            query: question,
          }),
        })),
      };
    },

    async getPaper({ id, section, page }): Promise<GetPaperOutput> {
      const paper = await store.papers.get(id);
      if (!paper) throw notFound('paper', `paper ${id.slice(0, 200)}`);
      const kinds = (paper.extra.sectionKinds ?? {}) as Record<string, unknown>;
      const sections = paper.sections.map((item) => ({
        index: item.index,
        title: item.title,
        kind:
          item.kind ??
          (typeof kinds[String(item.index)] === 'string'
            ? String(kinds[String(item.index)])
            : 'body'),
        role: item.role ?? sectionRoleOfTitle(item.title),
      }));
      if (section !== undefined && !sections.some((item) => item.index === section)) {
        throw new AppError({
          code: 'invalid_input',
          message: `the paper has no section ${section} (sections 0 to ${sections.length - 1})`,
          where: 'section',
        });
      }
      const frames = (await store.papers.frames(paper.id)).filter(
        (frame) => section === undefined || frame.sectionIndex === section,
      );
      const pages = pagesOf({
        frames,
        sectionTitles: new Map(sections.map((item) => [item.index, item.title])),
        limit: options.pageCharacters,
      });
      const shown = pages[page - 1];
      if (!shown) {
        throw new AppError({
          code: 'invalid_input',
          message: `the text has ${pages.length} page(s); page ${page} does not exist`,
          where: 'page',
        });
      }
      return {
        id: paper.id,
        title: paper.title,
        year: paper.year ?? undefined,
        authors: paper.authors,
        abstract: paper.abstract ?? undefined,
        url: paper.url ?? undefined,
        source: paper.source,
        link: links.paper(paper.id),
        sections,
        page: {
          number: page,
          pages: pages.length,
          section,
          text: shown.text,
          firstSentence: shown.first ?? undefined,
          lastSentence: shown.last ?? undefined,
        },
      };
    },

    async listPapers({ title, offset, limit }) {
      const filter = title ? { titleContains: title } : {};
      const [papers, total] = await Promise.all([
        store.papers.list({ ...filter, offset, limit }),
        store.papers.count(filter),
      ]);
      return {
        total,
        offset,
        papers: papers.map((paper) => ({
          id: paper.id,
          title: paper.title,
          year: paper.year ?? undefined,
          source: paper.source,
          sentences: paper.frames,
          addedAt: paper.addedAt,
          link: links.paper(paper.id),
        })),
      };
    },

    async getDataset({ id }) {
      const dataset = await store.datasets.get(id);
      if (!dataset) throw notFound('dataset', `dataset ${id.slice(0, 200)}`);
      const index = citationIndex();
      const mentions = index
        ? await findDatasetMentions({ index, names: [dataset.name, ...dataset.variants], limit: 5 })
        : [];
      return {
        id: dataset.id,
        name: dataset.name,
        fullName: dataset.fullName ?? undefined,
        description: dataset.description,
        year: dataset.year ?? undefined,
        tasks: dataset.tasks,
        modalities: dataset.modalities,
        languages: dataset.languages,
        variants: dataset.variants,
        size: dataset.size ?? undefined,
        homepage: dataset.homepage ?? undefined,
        paperTitle: dataset.paperTitle ?? undefined,
        paperUrl: dataset.paperUrl ?? undefined,
        link: links.dataset(dataset.id),
        citations: mentions.map((mention) => cited(links, mention)),
      };
    },

    async addPaper({ arxiv, file }) {
      if ((arxiv === undefined) === (file === undefined)) {
        throw new AppError({
          code: 'invalid_input',
          message: 'give either arxiv (an id or URL) or file (name and base64 bytes)',
          where: 'arguments',
        });
      }
      let added: AddedPapers;
      if (arxiv !== undefined) {
        if (!options.addArxivPaper)
          throw new AppError({
            code: 'unsupported',
            message: 'this server does not pull arXiv papers',
          });
        added = await options.addArxivPaper(arxiv);
      } else {
        if (!options.uploadPaper || file === undefined)
          throw new AppError({ code: 'unsupported', message: 'this server does not take uploads' });
        added = await options.uploadPaper({
          name: file.name,
          bytes: decodeBase64(file.base64, options.maxUploadBytes),
        });
      }
      return {
        papers: added.papers.map((paper) => ({ ...paper, link: links.paper(paper.id) })),
        sentences: added.summary.frames,
        errors: added.summary.errors.map(({ where, message }) => ({ where, message })),
      };
    },
  };
}
