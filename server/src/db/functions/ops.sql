-- The operator's actions (modules/ops/service.ts "audited"): an audit trail the operator's own staff
-- cannot rewrite, append-only like the postings.
create or replace function ops_actions_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ops_actions is append-only';
end $$;
create or replace trigger ops_actions_append_only before update or delete on ops_actions
  for each row execute function ops_actions_append_only();
