-- The chat console (server/src/modules/chat/console.ts): a staff member takes a conversation ("assign to
-- yourself"), so two people do not answer the same customer. Null: nobody has taken it.
alter table chat_conversations add column assigned_to text;
alter table chat_conversations add column assigned_at timestamptz;
