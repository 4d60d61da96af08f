-- Chat with the operator (CHAT-1 to CHAT-7). One conversation per member (by member id) or per
-- visitor (by the guest id of a signed guest token, CHAT-7); its messages in order by a per-conversation
-- sequence number, so a client that reconnects asks for what it missed and shows each message once.

create table chat_conversations (
  id bigint generated always as identity primary key,
  member_id bigint unique references members (id),
  guest_id uuid unique,
  -- The last seq handed out: a new message takes the next under this row's lock, so two instances sending
  -- into one conversation at once still number its messages without gaps or twins.
  last_seq int not null default 0,
  -- The automatic greeting (bot) is sent once, after the first customer message.
  greeted boolean not null default false,
  -- Closed by the operator; the customer's next message opens it again.
  closed boolean not null default false,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  check ((member_id is null) <> (guest_id is null))
);
create index chat_conversations_last_idx on chat_conversations (last_message_at desc nulls last, id desc);

create table chat_messages (
  id bigint generated always as identity primary key,
  conversation_id bigint not null references chat_conversations (id),
  seq int not null,
  sender text not null check (sender in ('customer', 'operator', 'bot')),
  -- The name shown beside the message: the operator's, the bot's; null for the customer (the member's own).
  sender_name text,
  message_type text not null
    check (message_type in ('text', 'buttons', 'media', 'quick_replies', 'generic', 'postback')),
  -- The contract's payload of the type, as JSON data: text stays text (never HTML), the web escapes it.
  payload jsonb not null,
  -- The customer's idempotency id: a retried send with the same id answers the stored message.
  client_id uuid,
  -- Stored is delivered (the client's 'succeed'); read by the other side when read_at is set (CHAT-6).
  delivered_at timestamptz not null default now(),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  unique (conversation_id, seq),
  unique (conversation_id, client_id)
);
-- Unread counts: the customer's messages the operator has not read and the other way round.
create index chat_messages_unread_idx on chat_messages (conversation_id, sender) where read_at is null;

-- Uploaded files (CHAT-5): the bytes live in the file store under chat/<name>; a media message may point
-- only to a file uploaded into its own conversation.
create table chat_files (
  name text primary key,                     -- a random 128-bit id and the extension of the checked type
  conversation_id bigint not null references chat_conversations (id),
  file_type text not null check (file_type in ('image', 'video')),
  content_type text not null,
  size int not null,
  created_at timestamptz not null default now()
);
create index chat_files_conversation_idx on chat_files (conversation_id);
