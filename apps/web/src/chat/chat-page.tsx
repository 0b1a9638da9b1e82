/**
 * @module The chat page: the conversation named in the URL (`/?c=ID`, so it can be resumed), a
 * "New conversation" button and the history of stored conversations.
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage, getJson } from '../shared/api';
import type { ConversationSummary, StoredConversation } from '../shared/api-types';
import { Link, navigate, useLocation } from '../shared/router';
import { ErrorMessage, Loading } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { messagesFromConversation } from './chat-message';
import type { QuarryMessage } from './chat-message';
import { ChatView } from './chat-view';

function newConversationId(): string {
  return globalThis.crypto.randomUUID();
}

export function ChatPage() {
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get('c');
  const [fresh] = useState(newConversationId);
  const conversationId = requested ?? fresh;
  const [initial, setInitial] = useState<{ id: string; messages: QuarryMessage[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [turns, setTurns] = useState(0);
  const history = useJson<{ conversations: ConversationSummary[] }>(
    `/api/conversations?v=${conversationId}-${turns}`,
  );
  const shownId = useRef<string | null>(null);
  shownId.current = initial?.id ?? null;

  useEffect(() => {
    setLoadError(null);
    if (shownId.current === conversationId) return;
    if (!requested) {
      setInitial({ id: conversationId, messages: [] });
      return;
    }
    getJson<StoredConversation>(`/api/conversations/${encodeURIComponent(requested)}`).then(
      (conversation) =>
        setInitial({ id: requested, messages: messagesFromConversation(conversation) }),
      (error: unknown) => {
        // A new id in the URL is a conversation that has not started yet.
        if (errorMessage(error).includes('no such conversation'))
          setInitial({ id: requested, messages: [] });
        else setLoadError(errorMessage(error));
      },
    );
  }, [requested, conversationId]);

  return (
    <div className="chat-layout">
      <aside className="history" aria-label="Conversation history">
        <button type="button" onClick={() => navigate(`/?c=${newConversationId()}`)}>
          New conversation
        </button>
        <h2>History</h2>
        {history.data && history.data.conversations.length > 0 ? (
          <ul>
            {history.data.conversations.map((conversation) => (
              <li key={conversation.id}>
                <Link
                  href={`/?c=${encodeURIComponent(conversation.id)}`}
                  aria-current={conversation.id === conversationId ? 'page' : undefined}
                >
                  {conversation.title || 'Untitled'}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No conversations yet.</p>
        )}
      </aside>
      <div className="chat-main">
        <h1>Find datasets</h1>
        <ErrorMessage error={loadError} />
        {initial && initial.id === conversationId ? (
          <ChatView
            key={conversationId}
            conversationId={conversationId}
            initialMessages={initial.messages}
            onTurnDone={() => {
              if (!requested) navigate(`/?c=${conversationId}`, { replace: true });
              setTurns((count) => count + 1);
            }}
          />
        ) : loadError ? null : (
          <Loading what="the conversation" />
        )}
      </div>
    </div>
  );
}
