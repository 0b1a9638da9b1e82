-- 0010: chat conversations with their dialogue state, and their messages in order.
CREATE TABLE conversations (
  id               text PRIMARY KEY,
  title            text NOT NULL DEFAULT '',
  state            jsonb NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversation_messages (
  conversation_id  text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  position         integer NOT NULL,
  role             text NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
  content          jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, position)
);
