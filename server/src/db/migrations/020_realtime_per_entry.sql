-- Realtime (issue 7 item 8), announced once per journal entry instead of once per member account it moves.
-- A game transfer moves two of a member's accounts twice (wallet and transfer-pending when reserved,
-- transfer-pending and the game when settled), so the per-account trigger of 013 wrote four outbox rows
-- where two tell the screen the same. Every entry that moves a member's money names the member
-- (ledger_post's p_member), so the entry is the one place to announce it.
drop trigger ledger_accounts_realtime on ledger_accounts;
drop function realtime_balance_changed();

create function realtime_entry_posted() returns trigger language plpgsql as $$
begin
  if new.member_id is not null then
    perform realtime_member_event(new.member_id, jsonb_build_object('type', 'balance'));
  end if;
  return null;
end $$;
create trigger journal_entries_realtime after insert on journal_entries
  for each row execute function realtime_entry_posted();
