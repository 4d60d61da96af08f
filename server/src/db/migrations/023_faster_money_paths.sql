-- Fewer statements per money movement (issue 9's bench:api bar), the same money rules.
-- Measured with track_functions on `npm run bench:api` (8 clients, PostgreSQL 15): ledger_post cost about
-- 1 ms a call, with a statement per posting for its row and another for its balance, and a look for the
-- accounts before them; game_transfer_answer and withdraw_limits, SQL-language functions called from
-- PL/pgSQL, were planned again on every call (0.5 ms and 0.15 ms), where a PL/pgSQL body keeps its plans.

-- ledger_post as in 018 (the currency rule of 015, the member_game kinds of 018), set-based: it locks the
-- entry's accounts in id order in one statement (every entry locks that way, so two entries never wait on
-- each other in a cycle), and moves every balance and writes every posting in one more. The accounts are
-- created only when one is missing. A member account that would go below zero refuses the whole entry
-- (MONEY_NOT_ENOUGH, P0003); an account in another currency than the entry's refuses it (P0005), and the
-- foreign keys of 015 stand behind that. An account named twice in one entry is a caller's mistake.
create or replace function ledger_post(p_kind text, p_reference text, p_member bigint, p_at timestamptz,
                                       p_codes text[], p_amounts bigint[], p_currency text default null)
returns bigint
language plpgsql as $$
declare
  v_currency text := p_currency;
  v_codes text[] := p_codes;
  v_entry bigint;
  v_found int;
  v_moved int;
begin
  if v_currency is null then
    select m.currency into v_currency from members m where m.id = p_member;
  end if;
  if v_currency is null then
    raise exception 'journal entry % has no currency', p_reference using errcode = 'P0005';
  end if;
  if cardinality(p_codes) is distinct from cardinality(p_amounts) then
    raise exception 'journal entry % has % accounts and % amounts', p_reference, cardinality(p_codes),
      cardinality(p_amounts);
  end if;
  for i in 1 .. cardinality(v_codes) loop
    if left(v_codes[i], 6) = 'house:' then
      v_codes[i] := v_codes[i] || ':' || v_currency;
    end if;
  end loop;

  insert into journal_entries (kind, reference, member_id, created_at, currency)
  values (p_kind, p_reference, p_member, p_at, v_currency)
  on conflict (reference) do nothing
  returning id into v_entry;
  if v_entry is null then
    return null;
  end if;

  select count(*) into v_found
  from (select 1 from ledger_accounts a where a.code = any (v_codes) order by a.id for update) locked;
  if v_found < cardinality(v_codes) then
    -- A first movement of a member's account (or a new house account): rows this transaction inserts are
    -- its own until it commits, so they need no lock of their own.
    insert into ledger_accounts (code, kind, member_id, currency)
    select c,
           case when c like 'member:%:wallet' then 'member_wallet'
                when c like 'member:%:pending_withdrawal' then 'member_pending_withdrawal'
                when c like 'member:%:game:%' or c like 'member:%:transfer_pending' then 'member_game'
                else 'house' end,
           case when c like 'member:%' then split_part(c, ':', 2)::bigint end,
           v_currency
    from unnest(v_codes) as c
    where not exists (select 1 from ledger_accounts a where a.code = c)
    on conflict (code) do nothing;
  end if;

  with moved as (
    update ledger_accounts a set balance = a.balance + x.amount
    from unnest(v_codes, p_amounts) as x (code, amount)
    where a.code = x.code and a.currency = v_currency and (a.kind = 'house' or a.balance + x.amount >= 0)
    returning a.id, x.amount
  )
  insert into postings (entry_id, account_id, amount, currency)
  select v_entry, m.id, m.amount, v_currency from moved m;
  get diagnostics v_moved = row_count;
  if v_moved <> cardinality(v_codes) then
    if (select count(distinct c) from unnest(v_codes) as c) <> cardinality(v_codes) then
      raise exception 'journal entry % names an account twice', p_reference;
    end if;
    if exists (select 1 from ledger_accounts a where a.code = any (v_codes) and a.currency <> v_currency) then
      raise exception 'journal entry % mixes currencies', p_reference using errcode = 'P0005';
    end if;
    raise exception 'MONEY_NOT_ENOUGH' using errcode = 'P0003';
  end if;
  return v_entry;
end $$;

-- game_transfer_answer as in 019, in PL/pgSQL so that its plan is kept between calls.
create or replace function game_transfer_answer(p_reference text, p_member bigint) returns jsonb
language plpgsql stable as $$
begin
  return (
    select jsonb_build_object(
             'reference', t.reference, 'status', t.status, 'amount', t.amount::text,
             'from_account', t.from_account, 'to_account', t.to_account, 'then_to', t.then_to,
             'second_status', s.status,
             'wallet', coalesce((select a.balance from ledger_accounts a
                                 where a.code = 'member:' || p_member || ':wallet'), 0)::text)
    from game_transfers t left join game_transfers s on s.first_leg = t.id
    where t.reference = p_reference and t.member_id = p_member);
end $$;

-- withdraw_limits as in 015, in PL/pgSQL for the same reason.
create or replace function withdraw_limits(p_currency text) returns jsonb language plpgsql stable as $$
begin
  return coalesce((select coalesce(s.value -> p_currency,
                                   case when p_currency = 'BAHT' and s.value ? 'minMinor' then s.value end)
                   from settings s where s.key = 'withdraw.limits'), '{}'::jsonb);
end $$;

-- game_transfer_begin as in 018, the key's answer written with the key: the reference is ours before the
-- money moves, and a refusal rolls both back. One row version per key instead of two.
create or replace function game_transfer_begin(p_member bigint, p_key text, p_hash bytea, p_from text,
                                               p_to text, p_amount bigint, p_reference text,
                                               p_at timestamptz, p_min bigint, p_next_check timestamptz)
returns table (response jsonb, replayed boolean, leg jsonb)
language plpgsql as $$
declare
  v_claimed text;
  v_seen_hash bytea;
  v_seen_response jsonb;
  v_leg jsonb;
  v_response jsonb := jsonb_build_object('reference', p_reference);
  v_provider text := case when p_from = 'WALLET' then p_to else p_from end;
begin
  insert into idempotency_keys (member_id, key, request_hash, response)
  values (p_member, p_key, p_hash, v_response)
  on conflict (member_id, key) do nothing
  returning key into v_claimed;
  if v_claimed is null then
    select k.request_hash, k.response into v_seen_hash, v_seen_response
    from idempotency_keys k where k.member_id = p_member and k.key = p_key;
    if v_seen_hash is null or v_seen_hash <> p_hash then
      raise exception 'IDEMPOTENCY_KEY_REUSED' using errcode = 'P0004';
    end if;
    return query select v_seen_response, true, null::jsonb;
    return;
  end if;

  if not exists (select 1 from game_providers g where g.code = v_provider and (g.active or p_to = 'WALLET'))
     or (p_from <> 'WALLET' and p_to <> 'WALLET'
         and not exists (select 1 from game_providers g where g.code = p_to and g.active)) then
    raise exception 'NO_GAME' using errcode = 'P0004';
  end if;
  if p_from <> 'WALLET' and p_to <> 'WALLET'
     and not exists (select 1 from game_accounts g
                     where g.member_id = p_member and g.provider = p_to and g.status = 'ACTIVE') then
    raise exception 'NO_GAME' using errcode = 'P0004';
  end if;

  v_leg := game_transfer_leg(p_member, p_reference, v_provider,
                             case when p_from = 'WALLET' then 'IN' else 'OUT' end, p_amount, p_from, p_to,
                             case when p_from <> 'WALLET' and p_to <> 'WALLET' then p_to end, null, p_at,
                             p_min, p_next_check);
  return query select v_response, false, v_leg;
end $$;

-- game_transfer_leg as in 018, the member's currency read once (its answer and its entry both need it).
create or replace function game_transfer_leg(p_member bigint, p_reference text, p_provider text,
                                             p_direction text, p_amount bigint, p_from text, p_to text,
                                             p_then_to text, p_first_leg bigint, p_at timestamptz,
                                             p_min bigint, p_next_check timestamptz)
returns jsonb
language plpgsql as $$
declare
  v_wallet text := 'member:' || p_member || ':wallet';
  v_game text := 'member:' || p_member || ':game:' || p_provider;
  v_pending text := 'member:' || p_member || ':transfer_pending';
  v_source text := case when p_direction = 'IN' then v_wallet else v_game end;
  v_amount bigint := p_amount;
  v_username text;
  v_currency text;
begin
  select g.username, m.currency into v_username, v_currency
  from game_accounts g join members m on m.id = g.member_id
  where g.member_id = p_member and g.provider = p_provider and g.status = 'ACTIVE';
  if v_username is null then
    raise exception 'NO_GAME' using errcode = 'P0004';
  end if;
  if v_amount is null then
    -- The whole balance: the source row stays locked until commit, so the amount read is the amount moved.
    select a.balance into v_amount from ledger_accounts a where a.code = v_source for update;
    v_amount := coalesce(v_amount, 0);
    if v_amount <= 0 then
      raise exception 'MONEY_NOT_ENOUGH' using errcode = 'P0003';
    end if;
    if v_amount < p_min then
      raise exception 'TRANSFER_MINIMUM' using errcode = 'P0004';
    end if;
  end if;
  insert into game_transfers (reference, member_id, provider, direction, amount, status, from_account,
                              to_account, then_to, first_leg, next_check_at, created_at, updated_at)
  values (p_reference, p_member, p_provider, p_direction, v_amount, 'PENDING', p_from, p_to, p_then_to,
          p_first_leg, p_next_check, p_at, p_at);
  if ledger_post('game_transfer', 'transfer:' || p_reference || ':reserved', p_member, p_at,
                 array[v_source, v_pending], array[-v_amount, v_amount], v_currency) is null then
    raise exception 'transfer % reserved twice', p_reference;
  end if;
  return jsonb_build_object('reference', p_reference, 'provider', p_provider, 'direction', p_direction,
                            'amountMinor', v_amount::text, 'username', v_username, 'currency', v_currency);
end $$;

-- A posting's entry and account are checked by the currency-aware foreign keys of 015 (entry_id, currency)
-- and (account_id, currency), whose columns are all not null: the plain ones of 002 checked the same rows
-- again, two lookups more for every posting.
alter table postings drop constraint postings_entry_id_fkey;
alter table postings drop constraint postings_account_id_fkey;

-- realtime_entry_posted as in 020, writing its event itself instead of through two more function calls.
-- The payload is realtime_member_event's, and an identical one this transaction wrote is not written again
-- (realtime_notify's rule).
create or replace function realtime_entry_posted() returns trigger language plpgsql as $$
declare
  v_payload jsonb;
begin
  if new.member_id is null then
    return null;
  end if;
  v_payload := jsonb_build_object('member', new.member_id::text, 'event', jsonb_build_object('type', 'balance'));
  if not exists (select 1 from realtime_events where xid = pg_current_xact_id() and payload = v_payload) then
    insert into realtime_events (payload) values (v_payload);
  end if;
  return null;
end $$;
