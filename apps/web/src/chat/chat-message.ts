/**
 * @module The chat's UI message type (text parts plus Quarry's data parts) and the conversion of a
 * stored conversation back into UI messages, so an old conversation opens as it was.
 */
import type { UIMessage } from 'ai';
import type {
  Citation,
  ClarifyData,
  DatasetCardData,
  StoredConversation,
} from '../shared/api-types';

export type QuarryMessage = UIMessage<
  unknown,
  {
    clarify: ClarifyData;
    datasets: { datasets: DatasetCardData[]; more?: DatasetCardData[] };
    answers: { answers: Citation[] };
    relax: { label: string; reply: string };
  }
>;

interface StoredReply {
  kind?: string;
  text?: string;
  slot?: string;
  options?: string[];
  datasets?: DatasetCardData[];
  more?: DatasetCardData[];
  relaxed?: { label: string; reply: string };
  answers?: Citation[];
}

function textOf(content: unknown): string {
  if (typeof content === 'object' && content !== null && 'text' in content) {
    const text = content.text;
    return typeof text === 'string' ? text : '';
  }
  return '';
}

export function messagesFromConversation(conversation: StoredConversation): QuarryMessage[] {
  return conversation.messages.map((stored) => {
    const id = `${conversation.id}-${stored.position}`;
    if (stored.role !== 'assistant') {
      return { id, role: 'user', parts: [{ type: 'text', text: textOf(stored.content) }] };
    }
    const reply = (stored.content ?? {}) as StoredReply;
    const parts: QuarryMessage['parts'] = [{ type: 'text', text: reply.text ?? '' }];
    if (reply.kind === 'clarify' && reply.slot && reply.options) {
      parts.push({ type: 'data-clarify', data: { slot: reply.slot, options: reply.options } });
    }
    if (reply.kind === 'recommend' && reply.datasets) {
      parts.push({
        type: 'data-datasets',
        data: { datasets: reply.datasets, ...(reply.more ? { more: reply.more } : {}) },
      });
      if (reply.relaxed) parts.push({ type: 'data-relax', data: reply.relaxed });
    }
    if (reply.kind === 'answer' && reply.answers) {
      parts.push({ type: 'data-answers', data: { answers: reply.answers } });
    }
    return { id, role: 'assistant', parts };
  });
}
