-- ledger_post: one journal entry in one round trip. Creates accounts on first use, inserts the postings and
-- updates the balances in account-id order (two entries touching the same accounts cannot deadlock). A
-- member account that would go below zero raises MONEY_NOT_ENOUGH (SQLSTATE P0003) and nothing is posted.
-- A reference already posted returns null and moves nothing. ledger/ledger.ts is its only caller.
create function ledger_post(p_kind text, p_reference text, p_member bigint, p_at timestamptz,
                            p_codes text[], p_amounts bigint[]) returns bigint
language plpgsql as $$
declare
  v_entry bigint;
  v_line record;
begin
  insert into journal_entries (kind, reference, member_id, created_at)
  values (p_kind, p_reference, p_member, p_at)
  on conflict (reference) do nothing
  returning id into v_entry;
  if v_entry is null then
    return null;
  end if;

  insert into ledger_accounts (code, kind, member_id)
  select c,
         case when c like 'member:%:wallet' then 'member_wallet'
              when c like 'member:%:pending_withdrawal' then 'member_pending_withdrawal'
              else 'house' end,
         case when c like 'member:%' then split_part(c, ':', 2)::bigint end
  from unnest(p_codes) as c
  where not exists (select 1 from ledger_accounts a where a.code = c)
  on conflict (code) do nothing;

  for v_line in
    select a.id, x.amount
    from unnest(p_codes, p_amounts) as x (code, amount)
    join ledger_accounts a on a.code = x.code
    order by a.id
  loop
    insert into postings (entry_id, account_id, amount) values (v_entry, v_line.id, v_line.amount);
    update ledger_accounts set balance = balance + v_line.amount
    where id = v_line.id and (kind = 'house' or balance + v_line.amount >= 0);
    if not found then
      raise exception 'MONEY_NOT_ENOUGH' using errcode = 'P0003';
    end if;
  end loop;
  return v_entry;
end $$;
