-- Staff notes on a member (the console's member page, modules/accounts/console-care.ts). Added, never
-- changed: a correction is a new note, and each note is also in the append-only audit (staff_audit), so
-- a note changed behind the service's back is found there.
create table member_notes (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id) on delete cascade,
  created_at timestamptz not null,
  author text not null,
  body text not null check (length(body) between 1 and 2000)
);
create index member_notes_member_idx on member_notes (member_id, id desc);
