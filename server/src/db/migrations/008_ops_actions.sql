-- Every operator action that moves money or decides a withdrawal, with who did it: an audit trail the
-- operator's own staff cannot rewrite (append-only, like the postings: db/functions/ops.sql).
create table ops_actions (
  id bigint generated always as identity primary key,
  operator text not null,
  action text not null,
  target text not null,
  outcome text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index ops_actions_created_idx on ops_actions (created_at desc);
