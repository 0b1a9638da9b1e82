-- 0012: a conversation belongs to the client that started it (its identity cookie, or a Slack
-- thread's key). Conversations stored before owners existed keep a NULL owner: only a client
-- holding the API token can open them.
ALTER TABLE conversations ADD COLUMN owner text;
CREATE INDEX conversations_owner_updated ON conversations (owner, updated_at DESC);
