/**
 * @module The chat page: the conversation named in the URL (`/?c=ID`, so it can be resumed), or a
 * new one at `/` (its id joins the URL after its first reply, so nothing is fetched for a
 * conversation that does not exist yet), beside the history of stored conversations.
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage, getJson } from '../shared/api';
import type { ConversationSummary, StoredConversation } from '../shared/api-types';
import { navigate, useLocation } from '../shared/router';
import { ErrorMessage, Loading } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { messagesFromConversation } from './chat-message';
import type { QuarryMessage } from './chat-message';
import { ChatView } from './chat-view';
import { ConversationHistory } from './conversation-history';

function newConversationId(): string {
  return globalThis.crypto.randomUUID();
}

export function ChatPage() {
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get('c');
  const [fresh, setFresh] = useState(newConversationId);
  const conversationId = requested ?? fresh;
  const [initial, setInitial] = useState<{ id: string; messages: QuarryMessage[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Bumped after each reply, rename and deletion, so the history is read again.
  const [changes, setChanges] = useState(0);
  const history = useJson<{ conversations: ConversationSummary[] }>(
    `/api/conversations?v=${conversationId}-${changes}`,
  );
  const startNew = () => {
    setFresh(newConversationId());
    navigate('/');
  };
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
      <ConversationHistory
        conversations={history.data?.conversations ?? null}
        currentId={conversationId}
        onNew={startNew}
        onChanged={({ id, deleted }) => {
          setChanges((count) => count + 1);
          if (deleted && id === conversationId) startNew();
        }}
      />
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
              setChanges((count) => count + 1);
            }}
          />
        ) : loadError ? null : (
          <Loading what="the conversation" />
        )}
      </div>
    </div>
  );
}
