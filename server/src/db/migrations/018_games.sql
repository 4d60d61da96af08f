-- Issue 9: game providers, members' accounts there, and transfers between the wallet and a game.
--
-- A transfer is two-phase (DESIGN.md "Money and the ledger", reference §4): game_transfer_begin persists
-- the transfer under OUR reference and moves the money into the member's transfer-pending account in one
-- transaction; the service then asks the provider, and game_transfer_settle posts it (SUCCESS) or returns
-- it (FAILED), once. An answer the provider never gave leaves the transfer PENDING for the reconciler,
-- which asks the provider by the same reference; a reference is never issued twice for one intent.
-- games/transfers.ts is the only caller of these functions.

-- The operator's providers (part2 §9's 16 codes, seeded by db/seed.ts). Logo and background are paths
-- under the web app; `active` is the operator's switch: a provider switched off is not offered, takes no
-- new account, and no money moves into it (money already there can still come back).
create table game_providers (
  code text primary key,
  name text not null,
  category text not null check (category in ('slot', 'sport', 'lotto')),
  logo text not null,
  background text not null,
  web text not null default '',
  android text not null default '',
  ios text not null default '',
  iframe boolean not null default false,
  active boolean not null default true,
  sort int not null default 0
);

-- GAME-1, GAME-4: a member's account at a provider. The password is the one the member may type into the
-- provider's app: AES-256-GCM under a key derived from the app secret (games/credentials.ts), never in
-- clear. `balance` is the last balance the provider told us (BAL-2), `stale` true when the last refresh
-- did not hear from it in time. The ledger's member:<id>:game:<CODE> is what Krapao sent there.
create table game_accounts (
  member_id bigint not null references members (id),
  provider text not null references game_providers (code),
  username text not null,
  password_enc text not null,
  -- OPENING until the provider has confirmed the account (a retried activation reuses the same username
  -- and password, so an account whose answer was lost is found again); only ACTIVE accounts take money.
  status text not null default 'OPENING' check (status in ('OPENING', 'ACTIVE')),
  balance bigint not null default 0,
  balance_at timestamptz,
  stale boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (member_id, provider),
  unique (provider, username)
);

-- TRF-2: one leg between the wallet and a game. IN: wallet -> game; OUT: game -> wallet. A game-to-game
-- transfer is an OUT leg with then_to set: when it succeeds, its IN leg to then_to begins in the same
-- transaction (reference <ref>-2), so the money never sits spendable in the wallet in between.
create table game_transfers (
  id bigint generated always as identity primary key,
  reference text not null unique,
  member_id bigint not null references members (id),
  provider text not null references game_providers (code),
  direction text not null check (direction in ('IN', 'OUT')),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('PENDING', 'SUCCESS', 'FAILED')),
  -- What the member asked for (the statement's from and to): a second leg keeps the first one's.
  from_account text not null,
  to_account text not null,
  then_to text references game_providers (code),
  -- The first leg of a game-to-game transfer; null for a first leg.
  first_leg bigint references game_transfers (id),
  reason text,
  -- The reconciler's backoff: how many times it asked, and when to ask next.
  checks int not null default 0,
  next_check_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index game_transfers_member_idx on game_transfers (member_id, created_at desc);
create index game_transfers_pending_idx on game_transfers (next_check_at) where status = 'PENDING';

-- ledger_post as in 015 (its currency behaviour unchanged), now knowing the game accounts: a member's
-- member:<id>:game:<CODE> (what sits at a provider) and member:<id>:transfer_pending (money between the
-- wallet and a provider) are member accounts of kind member_game, so they never go below zero.
drop function ledger_post(text, text, bigint, timestamptz, text[], bigint[], text);
create function ledger_post(p_kind text, p_reference text, p_member bigint, p_at timestamptz,
                            p_codes text[], p_amounts bigint[], p_currency text default null) returns bigint
language plpgsql as $$
declare
  v_currency text := coalesce(p_currency, (select m.currency from members m where m.id = p_member));
  v_codes text[];
  v_entry bigint;
  v_line record;
begin
  if v_currency is null then
    raise exception 'journal entry % has no currency', p_reference using errcode = 'P0005';
  end if;
  select array_agg(case when c like 'house:%' then c || ':' || v_currency else c end order by n)
  into v_codes
  from unnest(p_codes) with ordinality as x (c, n);

  insert into journal_entries (kind, reference, member_id, created_at, currency)
  values (p_kind, p_reference, p_member, p_at, v_currency)
  on conflict (reference) do nothing
  returning id into v_entry;
  if v_entry is null then
    return null;
  end if;

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

  if exists (select 1 from ledger_accounts a where a.code = any (v_codes) and a.currency <> v_currency) then
    raise exception 'journal entry % mixes currencies', p_reference using errcode = 'P0005';
  end if;

  for v_line in
    select a.id, x.amount
    from unnest(v_codes, p_amounts) as x (code, amount)
    join ledger_accounts a on a.code = x.code
    order by a.id
  loop
    insert into postings (entry_id, account_id, amount, currency)
    values (v_entry, v_line.id, v_line.amount, v_currency);
    update ledger_accounts set balance = balance + v_line.amount
    where id = v_line.id and (kind = 'house' or balance + v_line.amount >= 0);
    if not found then
      raise exception 'MONEY_NOT_ENOUGH' using errcode = 'P0003';
    end if;
  end loop;
  return v_entry;
end $$;

-- Starts one leg: inserts the transfer and moves its money into the member's transfer-pending account,
-- from the wallet (IN) or from the game account (OUT). A member account that would go below zero
-- refuses it (MONEY_NOT_ENOUGH, P0003) and nothing is inserted. Answers the leg as the provider call
-- needs it. p_amount null means the whole source balance (TRF-3), refused below p_min. The reconciler
-- first looks at it at p_next_check, once the service's own call has had its time.
create function game_transfer_leg(p_member bigint, p_reference text, p_provider text, p_direction text,
                                  p_amount bigint, p_from text, p_to text, p_then_to text,
                                  p_first_leg bigint, p_at timestamptz, p_min bigint, p_next_check timestamptz)
returns jsonb
language plpgsql as $$
declare
  v_wallet text := 'member:' || p_member || ':wallet';
  v_game text := 'member:' || p_member || ':game:' || p_provider;
  v_pending text := 'member:' || p_member || ':transfer_pending';
  v_source text := case when p_direction = 'IN' then v_wallet else v_game end;
  v_amount bigint := p_amount;
  v_username text;
begin
  select g.username into v_username from game_accounts g
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
                 array[v_source, v_pending], array[-v_amount, v_amount]) is null then
    raise exception 'transfer % reserved twice', p_reference;
  end if;
  return jsonb_build_object('reference', p_reference, 'provider', p_provider, 'direction', p_direction,
                            'amountMinor', v_amount::text, 'username', v_username,
                            'currency', (select m.currency from members m where m.id = p_member));
end $$;

-- TRF-2: one transfer request under its Idempotency-Key, as wallet_withdraw (006) does for withdrawals:
-- a replay answers the first request's reference (replayed true) and moves nothing; another body under
-- the key is IDEMPOTENCY_KEY_REUSED; a refusal rolls everything back, the key included. From and to are
-- WALLET or a provider code; a game-to-game transfer starts with its OUT leg. A provider switched off
-- takes no money in (NO_GAME) but still gives it back.
create function game_transfer_begin(p_member bigint, p_key text, p_hash bytea, p_from text, p_to text,
                                    p_amount bigint, p_reference text, p_at timestamptz, p_min bigint,
                                    p_next_check timestamptz)
returns table (response jsonb, replayed boolean, leg jsonb)
language plpgsql as $$
declare
  v_claimed text;
  v_seen_hash bytea;
  v_seen_response jsonb;
  v_leg jsonb;
  v_provider text := case when p_from = 'WALLET' then p_to else p_from end;
begin
  insert into idempotency_keys (member_id, key, request_hash) values (p_member, p_key, p_hash)
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
  update idempotency_keys k set response = jsonb_build_object('reference', p_reference)
  where k.member_id = p_member and k.key = p_key;
  return query select jsonb_build_object('reference', p_reference), false, v_leg;
end $$;

-- A leg's final state and its money, once (the status update is guarded by PENDING; false: it was
-- settled already and nothing moved). SUCCESS posts the money where it was sent; FAILED returns it where
-- it came from. The last known provider balance follows the money. A game-to-game first leg that
-- succeeds begins its IN leg here, in the same transaction; `next` answers that leg for the provider call.
create function game_transfer_settle(p_reference text, p_final text, p_reason text, p_at timestamptz,
                                     p_next_check timestamptz)
returns table (settled boolean, next jsonb)
language plpgsql as $$
declare
  v_t game_transfers;
  v_pending text;
  v_game text;
  v_wallet text;
  v_next jsonb;
begin
  update game_transfers t set status = p_final, reason = p_reason, updated_at = p_at
  where t.reference = p_reference and t.status = 'PENDING'
  returning * into v_t;
  if v_t.id is null then
    return query select false, null::jsonb;
    return;
  end if;
  v_pending := 'member:' || v_t.member_id || ':transfer_pending';
  v_game := 'member:' || v_t.member_id || ':game:' || v_t.provider;
  v_wallet := 'member:' || v_t.member_id || ':wallet';
  if ledger_post('game_transfer', 'transfer:' || p_reference || ':' || lower(p_final), v_t.member_id, p_at,
                 array[v_pending,
                       case when (v_t.direction = 'IN') = (p_final = 'SUCCESS') then v_game else v_wallet end],
                 array[-v_t.amount, v_t.amount]) is null then
    raise exception 'transfer:%:% posted twice', p_reference, lower(p_final);
  end if;
  if p_final = 'SUCCESS' then
    update game_accounts g
    set balance = greatest(g.balance + case when v_t.direction = 'IN' then v_t.amount else -v_t.amount end, 0)
    where g.member_id = v_t.member_id and g.provider = v_t.provider;
    if v_t.then_to is not null then
      v_next := game_transfer_leg(v_t.member_id, p_reference || '-2', v_t.then_to, 'IN', v_t.amount,
                                  v_t.from_account, v_t.to_account, null, v_t.id, p_at, 0, p_next_check);
    end if;
  end if;
  return query select true, v_next;
end $$;
