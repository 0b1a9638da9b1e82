/**
 * @module One conversation: the streamed messages (text, clarifying quick replies, dataset cards)
 * and the message box. Replies stream through `useChat` from POST /api/chat.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { QuotedSentences } from '../shared/quoted-sentences';
import { ErrorMessage } from '../shared/status-message';
import type { QuarryMessage } from './chat-message';
import { QuickReplies } from './quick-replies';
import { RecommendationList } from './recommendation-list';
import { revealAbove } from './reveal-above';

/** The longest message the box accepts; the agent answers longer ones with a notice. */
export const maxMessageCharacters = 5000;

function MessageView(props: {
  message: QuarryMessage;
  latest: boolean;
  busy: boolean;
  onReply: (text: string) => void;
  itemRef?: Ref<HTMLLIElement>;
}) {
  const { message } = props;
  return (
    <li className={`message ${message.role}`} ref={props.itemRef}>
      <span className="visually-hidden">{message.role === 'user' ? 'You:' : 'Quarry:'}</span>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === 'text') {
          return (
            <p key={key} className="message-text">
              {part.text}
            </p>
          );
        }
        if (part.type === 'data-clarify') {
          return props.latest ? (
            <QuickReplies
              key={key}
              clarify={part.data}
              disabled={props.busy}
              onReply={props.onReply}
            />
          ) : null;
        }
        if (part.type === 'data-answers') {
          return (
            <QuotedSentences
              key={key}
              sentences={part.data.answers}
              label="Answering sentences"
              ranked
            />
          );
        }
        if (part.type === 'data-relax') {
          return props.latest ? (
            <div key={key} className="quick-replies">
              <button
                type="button"
                className="secondary"
                disabled={props.busy}
                onClick={() => props.onReply(part.data.reply)}
              >
                Drop “{part.data.label}”
              </button>
            </div>
          ) : null;
        }
        if (part.type === 'data-datasets') {
          return (
            <RecommendationList
              key={key}
              datasets={part.data.datasets}
              {...(part.data.more ? { more: part.data.more } : {})}
            />
          );
        }
        return null;
      })}
    </li>
  );
}

export function ChatView(props: {
  conversationId: string;
  initialMessages: QuarryMessage[];
  /** After each reply has streamed in full. */
  onTurnDone?: () => void;
}) {
  const transport = useMemo(
    () => new DefaultChatTransport<QuarryMessage>({ api: '/api/chat' }),
    [],
  );
  const { messages, sendMessage, status, error } = useChat<QuarryMessage>({
    id: props.conversationId,
    messages: props.initialMessages,
    transport,
    onFinish: () => props.onTurnDone?.(),
  });
  const [draft, setDraft] = useState('');
  const latest = useRef<HTMLLIElement>(null);
  const composer = useRef<HTMLFormElement>(null);
  const busy = status === 'submitted' || status === 'streaming';

  // The newest message (the reply as it streams in) is kept in view above the message box.
  useEffect(() => {
    if (latest.current && composer.current) revealAbove(latest.current, composer.current);
  }, [messages, status]);

  const send = (text: string) => {
    if (text.trim() === '' || busy) return;
    void sendMessage({ text });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
    setDraft('');
  };

  return (
    <section className="chat" aria-label="Conversation">
      {messages.length === 0 ? (
        <p className="muted intro">
          Describe the research you want data for, e.g. “adversarial domain adaptation for semantic
          segmentation”. Quarry asks about what matters, then recommends datasets with sentences
          from papers that used them.
        </p>
      ) : null}
      <ol className="messages" aria-live="polite">
        {messages.map((message, index) => (
          <MessageView
            key={message.id}
            message={message}
            latest={index === messages.length - 1}
            busy={busy}
            onReply={send}
            {...(index === messages.length - 1 ? { itemRef: latest } : {})}
          />
        ))}
      </ol>
      {status === 'submitted' ? (
        <p className="muted" role="status">
          Thinking…
        </p>
      ) : null}
      <ErrorMessage error={error ? `The reply failed: ${error.message}` : null} />
      <form className="composer" onSubmit={submit} ref={composer}>
        <label htmlFor="chat-input" className="visually-hidden">
          Message
        </label>
        <textarea
          id="chat-input"
          value={draft}
          maxLength={maxMessageCharacters}
          rows={2}
          placeholder="What do you want to do?"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send(draft);
              setDraft('');
            }
          }}
        />
        <button type="submit" disabled={busy || draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
