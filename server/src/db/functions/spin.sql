-- The spin wheel's coins (SPIN-1 to SPIN-4): members earn coins by depositing and spend one per spin
-- (docs/decisions.md "The wheel is provably fair"). modules/spin/ is the caller.

-- Adds (or takes) coins once per (reason, ref); answers the member's coins after it, or null when this
-- move was made already. A member's first move creates their row with a fresh seed from the caller.
create or replace function spin_coin_move(p_member bigint, p_delta int, p_reason text, p_ref text,
                                          p_at timestamptz)
returns int
language plpgsql as $$
declare
  v_id bigint;
  v_coins int;
begin
  insert into spin_coin_moves (member_id, delta, reason, ref, created_at)
  values (p_member, p_delta, p_reason, p_ref, p_at)
  on conflict (reason, ref) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  if p_delta < 0 and not exists (select 1 from spin_members s where s.member_id = p_member) then
    raise exception 'member % has no coins to take', p_member using errcode = '23514';
  end if;
  -- A row made here has empty seeds: the server fills them from its cryptographic source (crypto.
  -- randomBytes) the first time it reads the row, before any spin can use them.
  insert into spin_members (member_id, coins, server_seed, server_seed_hash, client_seed)
  values (p_member, greatest(p_delta, 0), '', '', '')
  on conflict (member_id) do update set coins = spin_members.coins + p_delta
  returning coins into v_coins;
  return v_coins;
end $$;

-- The coins of a successful deposit, whatever path credited it: a trigger rather than a call in each
-- credit path (the bank feed in SQL, QR, True Wallet, slips, an operator's credit, the ones to come).
-- A notice answered by a credit (answered_by set) is that credit's deposit and earns nothing itself; a
-- notice the operator credited itself is the deposit and earns.
create or replace function spin_coins_for_deposit() returns trigger
language plpgsql as $$
declare
  v_rule spin_coin_rules%rowtype;
  v_coins bigint;
begin
  select r.* into v_rule from spin_coin_rules r join members m on m.currency = r.currency
  where m.id = new.member_id;
  if v_rule.currency is null then
    return null;
  end if;
  v_coins := new.amount / v_rule.amount_per_coin;
  if v_rule.max_per_deposit is not null then
    v_coins := least(v_coins, v_rule.max_per_deposit);
  end if;
  if v_coins > 0 then
    perform spin_coin_move(new.member_id, v_coins::int, 'deposit', new.id::text, new.created_at);
  end if;
  return null;
end $$;
create or replace trigger deposits_spin_coins after insert or update of status on deposits
  for each row when (new.status = 'SUCCESS' and new.answered_by is null)
  execute function spin_coins_for_deposit();
