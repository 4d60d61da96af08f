-- Chat files have a lifetime: one never sent in a message is removed a day after its upload, a sent one
-- after chat.fileRetentionDays (modules/chat/file-sweeper.ts). sent_at is set by the message that first
-- carries the file, in the statement that finds it.
alter table chat_files add column sent_at timestamptz;

update chat_files f set sent_at = m.first_sent
from (
  select payload->>'filePath' as file_path, min(created_at) as first_sent
  from chat_messages where message_type = 'media'
  group by payload->>'filePath'
) m
where m.file_path = '/api/chat/files/' || f.name;

create index chat_files_created_idx on chat_files (created_at);
