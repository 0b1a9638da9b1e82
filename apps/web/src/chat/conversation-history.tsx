/**
 * @module The chat's history: "New conversation", then the client's stored conversations, each
 * with Rename (an inline form) and Delete (asks once, inline, rather than a blocking dialog).
 * Changes go to PATCH / DELETE /api/conversations/:id; the list is read again after each one.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { deleteJson, errorMessage, patchJson } from '../shared/api';
import type { ConversationSummary } from '../shared/api-types';
import { Link } from '../shared/router';
import { ErrorMessage } from '../shared/status-message';

/** The longest title the rename box accepts (the server's default limit). */
export const maxTitleCharacters = 200;

type Editing = { id: string; action: 'rename' | 'delete' } | null;

function conversationPath(id: string): string {
  return `/api/conversations/${encodeURIComponent(id)}`;
}

function RenameForm(props: {
  conversation: ConversationSummary;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(props.conversation.title);
  const inputId = `rename-${props.conversation.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') props.onSave(title.trim());
  };
  return (
    <form className="history-edit" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        New title
      </label>
      <input
        id={inputId}
        value={title}
        maxLength={maxTitleCharacters}
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onCancel();
        }}
      />
      <button type="submit" disabled={title.trim() === ''}>
        Save
      </button>
      <button type="button" className="secondary" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}

export function ConversationHistory(props: {
  conversations: ConversationSummary[] | null;
  currentId: string;
  onNew: () => void;
  /** After a rename or deletion, so the list is read again. */
  onChanged: (change: { id: string; deleted: boolean }) => void;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);

  const change = async (id: string, work: () => Promise<unknown>, deleted: boolean) => {
    try {
      await work();
      setEditing(null);
      setError(null);
      props.onChanged({ id, deleted });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <aside className="history" aria-label="Conversation history">
      <button type="button" onClick={props.onNew}>
        New conversation
      </button>
      <h2>History</h2>
      <ErrorMessage error={error} />
      {props.conversations && props.conversations.length > 0 ? (
        <ul>
          {props.conversations.map((conversation) => {
            const title = conversation.title || 'Untitled';
            const action = editing?.id === conversation.id ? editing.action : null;
            return (
              <li key={conversation.id}>
                {action === 'rename' ? (
                  <RenameForm
                    conversation={conversation}
                    onCancel={() => setEditing(null)}
                    onSave={(next) =>
                      void change(
                        conversation.id,
                        () => patchJson(conversationPath(conversation.id), { title: next }),
                        false,
                      )
                    }
                  />
                ) : (
                  <Link
                    href={`/?c=${encodeURIComponent(conversation.id)}`}
                    aria-current={conversation.id === props.currentId ? 'page' : undefined}
                  >
                    {title}
                  </Link>
                )}
                {action === 'delete' ? (
                  <div className="history-edit" role="group" aria-label={`Delete “${title}”?`}>
                    <span>Delete it?</span>
                    <button
                      type="button"
                      onClick={() =>
                        void change(
                          conversation.id,
                          () => deleteJson(conversationPath(conversation.id)),
                          true,
                        )
                      }
                    >
                      Delete
                    </button>
                    <button type="button" className="secondary" onClick={() => setEditing(null)}>
                      Keep
                    </button>
                  </div>
                ) : action === null ? (
                  <div className="history-actions">
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Rename “${title}”`}
                      onClick={() => setEditing({ id: conversation.id, action: 'rename' })}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Delete “${title}”`}
                      onClick={() => setEditing({ id: conversation.id, action: 'delete' })}
                    >
                      Delete
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">No conversations yet.</p>
      )}
    </aside>
  );
}
