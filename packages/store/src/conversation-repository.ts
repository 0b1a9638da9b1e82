/**
 * @module Conversation repository: chat conversations with their dialogue state and messages.
 */
import type { SqlClient } from './sql-client.js';

export type MessageRole = 'user' | 'assistant' | 'system';

export interface StoredMessage {
  position: number;
  role: MessageRole;
  content: unknown;
}

export interface Conversation {
  id: string;
  /** The client that started it; null for conversations stored before owners existed. */
  owner: string | null;
  title: string;
  state: Record<string, unknown>;
  messages: StoredMessage[];
  createdAt: string;
  updatedAt: string;
}

export interface ConversationRepository {
  /** Creates the conversation if needed and appends messages after the last one. */
  append(options: {
    id: string;
    /** Set when the conversation is created; never changed afterwards. */
    owner?: string;
    title?: string;
    state?: Record<string, unknown>;
    messages: { role: MessageRole; content: unknown }[];
  }): Promise<void>;
  get(id: string): Promise<Conversation | null>;
  /** Newest first; with `owner`, only that client's conversations. */
  list(options?: {
    limit?: number;
    owner?: string;
  }): Promise<Omit<Conversation, 'messages' | 'state'>[]>;
  /** Sets the title (its place in the history does not change); false when there is no such id. */
  rename(id: string, title: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
}

export function createConversationRepository(client: SqlClient): ConversationRepository {
  return {
    append: ({ id, owner, title, state, messages }) =>
      client.transaction(async (transaction) => {
        await transaction.query(
          `INSERT INTO conversations (id, title, state, owner) VALUES ($1, $2, $3::jsonb, $5)
           ON CONFLICT (id) DO UPDATE SET
             title = CASE WHEN conversations.title = '' THEN EXCLUDED.title ELSE conversations.title END,
             state = CASE WHEN $4 THEN EXCLUDED.state ELSE conversations.state END,
             updated_at = now()`,
          [id, title ?? '', JSON.stringify(state ?? {}), state !== undefined, owner ?? null],
        );
        const last = await transaction.query<{ position: number | null }>(
          'SELECT max(position) AS position FROM conversation_messages WHERE conversation_id = $1',
          [id],
        );
        let position = (last.rows[0]?.position ?? -1) + 1;
        for (const message of messages) {
          await transaction.query(
            'INSERT INTO conversation_messages (conversation_id, position, role, content) VALUES ($1, $2, $3, $4::jsonb)',
            [id, position, message.role, JSON.stringify(message.content)],
          );
          position += 1;
        }
      }),

    async get(id) {
      const conversation = await client.query<{
        id: string;
        owner: string | null;
        title: string;
        state: Record<string, unknown>;
        created_at: Date | string;
        updated_at: Date | string;
      }>('SELECT * FROM conversations WHERE id = $1', [id]);
      const row = conversation.rows[0];
      if (!row) return null;
      const messages = await client.query<{
        position: number;
        role: MessageRole;
        content: unknown;
      }>(
        'SELECT position, role, content FROM conversation_messages WHERE conversation_id = $1 ORDER BY position',
        [id],
      );
      return {
        id: row.id,
        owner: row.owner,
        title: row.title,
        state: row.state,
        messages: messages.rows,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    },

    async list(options = {}) {
      const { rows } = await client.query<{
        id: string;
        owner: string | null;
        title: string;
        created_at: Date | string;
        updated_at: Date | string;
      }>(
        options.owner === undefined
          ? 'SELECT id, owner, title, created_at, updated_at FROM conversations ORDER BY updated_at DESC LIMIT $1'
          : 'SELECT id, owner, title, created_at, updated_at FROM conversations WHERE owner = $2 ORDER BY updated_at DESC LIMIT $1',
        options.owner === undefined ? [options.limit ?? 50] : [options.limit ?? 50, options.owner],
      );
      return rows.map((row) => ({
        id: row.id,
        owner: row.owner,
        title: row.title,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
    },

    async rename(id, title) {
      const { rowCount } = await client.query('UPDATE conversations SET title = $2 WHERE id = $1', [
        id,
        title,
      ]);
      return rowCount > 0;
    },

    async remove(id) {
      const { rowCount } = await client.query('DELETE FROM conversations WHERE id = $1', [id]);
      return rowCount > 0;
    },
  };
}
