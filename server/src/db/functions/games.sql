-- Games: transfers between the wallet and a game account, and the providers' bet feeds.
--
-- A transfer is two-phase: game_transfer_begin persists the transfer under OUR reference and moves the
-- money into the member's transfer-pending account in one transaction; the service then asks the
-- provider, and game_transfer_settle posts it (SUCCESS) or returns it (FAILED), once. An answer the
-- provider never gave leaves the transfer PENDING for the reconciler, which asks the provider by the same
-- reference; a reference is never issued twice for one intent. modules/games/transfers.ts is the only
-- caller of the transfer functions, modules/games/bets.ts of the bet feed's.

-- Starts one leg: inserts the transfer and moves its money into the member's transfer-pending account,
-- from the wallet (IN) or from the game account (OUT). A member account that would go below zero
-- refuses it (MONEY_NOT_ENOUGH, P0003) and nothing is inserted. Answers the leg as the provider call
-- needs it. p_amount null means the whole source balance (TRF-3), refused below p_min. The reconciler
-- first looks at it at p_next_check, once the service's own call has had its time. The member's currency
-- is read once: the answer and the entry both need it.
create or replace function game_transfer_leg(p_member bigint, p_reference text, p_provider text,
                                             p_direction text, p_amount bigint, p_from text, p_to text,
                                             p_then_to text, p_first_leg bigint, p_at timestamptz,
                                             p_min bigint, p_next_check timestamptz)
returns jsonb
language plpgsql as $$
declare
  v_wallet text := ledger_member_account(p_member, 'wallet');
  v_game text := ledger_game_account(p_member, p_provider);
  v_pending text := ledger_member_account(p_member, 'transfer_pending');
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

-- TRF-2: one transfer request under its Idempotency-Key, as wallet_withdraw does for withdrawals: a replay
-- answers the first request's reference (replayed true) and moves nothing; another body under the key is
-- IDEMPOTENCY_KEY_REUSED; a refusal rolls everything back, the key included. The key's answer is written
-- with the key: the reference is ours before the money moves. From and to are WALLET or a provider code;
-- a game-to-game transfer starts with its OUT leg. A provider switched off takes no money in (NO_GAME)
-- but still gives it back.
create or replace function game_transfer_begin(p_member bigint, p_key text, p_hash bytea, p_from text,
                                               p_to text, p_amount bigint, p_reference text,
                                               p_at timestamptz, p_min bigint, p_next_check timestamptz)
returns table (response jsonb, replayed boolean, leg jsonb)
language plpgsql as $$
declare
  v_claimed text;
  v_leg jsonb;
  v_response jsonb := jsonb_build_object('reference', p_reference);
  v_provider text := case when p_from = 'WALLET' then p_to else p_from end;
  v_amount bigint := p_amount;
  v_held bigint;
  v_balance bigint;
begin
  -- The key first (idempotency.sql), with its answer: the reference is ours before the money moves.
  insert into idempotency_keys (member_id, key, request_hash, response)
  values (p_member, p_key, p_hash, v_response)
  on conflict (member_id, key) do nothing returning key into v_claimed;
  if v_claimed is null then
    return query select idempotency_replay(p_member, p_key, p_hash), true, null::jsonb;
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

  -- Player protection (protection.sql): no money into a game during a time-out or self-exclusion or once
  -- a loss limit is reached; deposits beyond a deposit limit stay in the wallet. The member's protection
  -- row is locked from here to commit, so concurrent transfers are judged one after another.
  if p_to <> 'WALLET' then
    v_held := protection_play_check(p_member, p_at);
    if v_held > 0 and p_from = 'WALLET' then
      select a.balance into v_balance from ledger_accounts a
      where a.code = ledger_member_account(p_member, 'wallet') for update;
      v_amount := coalesce(p_amount, coalesce(v_balance, 0) - v_held);
      -- More than the wallet holds is the ledger's MONEY_NOT_ENOUGH, in game_transfer_leg.
      if v_amount < greatest(p_min, 1)
         or (coalesce(v_balance, 0) >= v_amount and coalesce(v_balance, 0) - v_amount < v_held) then
        raise exception 'DEPOSIT_LIMIT' using errcode = 'P0004';
      end if;
    end if;
  end if;

  v_leg := game_transfer_leg(p_member, p_reference, v_provider,
                             case when p_from = 'WALLET' then 'IN' else 'OUT' end, v_amount, p_from, p_to,
                             case when p_from <> 'WALLET' and p_to <> 'WALLET' then p_to end, null, p_at,
                             p_min, p_next_check);
  return query select v_response, false, v_leg;
end $$;

-- A leg's final state and its money, once (the status update is guarded by PENDING; false: it was
-- settled already and nothing moved). SUCCESS posts the money where it was sent; FAILED returns it where
-- it came from. The last known provider balance follows the money. A game-to-game first leg that
-- succeeds begins its IN leg here, in the same transaction; `next` answers that leg for the provider call.
create or replace function game_transfer_settle(p_reference text, p_final text, p_reason text,
                                                p_at timestamptz, p_next_check timestamptz)
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
  v_pending := ledger_member_account(v_t.member_id, 'transfer_pending');
  v_game := ledger_game_account(v_t.member_id, v_t.provider);
  v_wallet := ledger_member_account(v_t.member_id, 'wallet');
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

-- A transfer as its member sees it (modules/games/transfers.ts): the first leg, the second leg's status
-- for a game-to-game transfer, and the wallet; null when the reference is not the member's. PL/pgSQL
-- rather than SQL so that its plan is kept between calls from the other functions.
create or replace function game_transfer_answer(p_reference text, p_member bigint) returns jsonb
language plpgsql stable as $$
begin
  return (
    select jsonb_build_object(
             'reference', t.reference, 'status', t.status, 'amount', t.amount::text,
             'from_account', t.from_account, 'to_account', t.to_account, 'then_to', t.then_to,
             'second_status', s.status,
             'wallet', coalesce((select a.balance from ledger_accounts a
                                 where a.code = ledger_member_account(p_member, 'wallet')), 0)::text)
    from game_transfers t left join game_transfers s on s.first_leg = t.id
    where t.reference = p_reference and t.member_id = p_member);
end $$;

-- game_transfer_settle, and when no second leg begins, the answer of transfer p_answer_ref (null: none
-- wanted) read after it in the same round trip: the member's request settles and answers in one call.
create or replace function game_transfer_settle_answer(p_reference text, p_final text, p_reason text,
                                                       p_at timestamptz, p_next_check timestamptz,
                                                       p_answer_ref text, p_member bigint)
returns table (settled boolean, next jsonb, answer jsonb)
language plpgsql as $$
declare
  v_settled boolean;
  v_next jsonb;
begin
  select s.settled, s.next into v_settled, v_next
  from game_transfer_settle(p_reference, p_final, p_reason, p_at, p_next_check) s;
  return query select v_settled, v_next,
    case when v_next is null and p_answer_ref is not null then game_transfer_answer(p_answer_ref, p_member) end;
end $$;

-- Issue 22: the transfers that begin together, in one call (modules/games/transfers.ts through
-- ledger/batch.ts): each item is game_transfer_begin in a subtransaction of its own, answered as that call
-- would be, or with the SQLSTATE and message of its refusal, which rolled back that item alone, its key
-- with it. The locks come first, in the order a single call takes them: the members' protection rows
-- (member order), then every account the items may move (account order, as ledger_post), so that the
-- batch, which holds them all to its commit, waits for no account once it has begun.
create or replace function game_transfer_begin_batch(p_items jsonb)
returns table (response jsonb, replayed boolean, leg jsonb, failed_state text, failed_message text)
language plpgsql as $$
declare
  v_item jsonb;
begin
  if jsonb_array_length(p_items) > 64 then
    raise exception 'a transfer batch holds at most 64 items';
  end if;
  perform 1 from member_protection p
  where p.member_id in (select (x.value ->> 'member')::bigint from jsonb_array_elements(p_items) x)
  order by p.member_id for update;
  perform 1 from ledger_accounts a
  where a.code in (select c.code
                   from jsonb_array_elements(p_items) x
                   cross join lateral (select (x.value ->> 'member')::bigint as member) m
                   cross join lateral (values (ledger_member_account(m.member, 'wallet')),
                                              (ledger_member_account(m.member, 'transfer_pending')),
                                              (ledger_game_account(m.member, nullif(x.value ->> 'from', 'WALLET'))),
                                              (ledger_game_account(m.member, nullif(x.value ->> 'to', 'WALLET'))))
                     as c (code))
  order by a.id for update;
  for v_item in select x.value from jsonb_array_elements(p_items) with ordinality as x (value, n) order by x.n loop
    begin
      select b.response, b.replayed, b.leg, null, null
      into response, replayed, leg, failed_state, failed_message
      from game_transfer_begin((v_item ->> 'member')::bigint, v_item ->> 'key', decode(v_item ->> 'hash', 'hex'),
                               v_item ->> 'from', v_item ->> 'to', (v_item ->> 'amount')::bigint,
                               v_item ->> 'reference', (v_item ->> 'at')::timestamptz,
                               (v_item ->> 'min')::bigint, (v_item ->> 'nextCheck')::timestamptz) b;
    -- The refusals' P0004 is assert_failure, which others leaves out.
    exception when assert_failure or others then
      response := null;
      replayed := null;
      leg := null;
      get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text;
    end;
    return next;
  end loop;
end $$;

-- Issue 22: the settlements that arrive together, in one call: each item is game_transfer_settle_answer in
-- a subtransaction of its own, as game_transfer_begin_batch does. The locks first, in a single call's
-- order: the transfers' rows (id order), then the accounts their money may move through (account order).
create or replace function game_transfer_settle_answer_batch(p_items jsonb)
returns table (settled boolean, next jsonb, answer jsonb, failed_state text, failed_message text)
language plpgsql as $$
declare
  v_item jsonb;
  v_references text[] := array(select x.value ->> 'reference' from jsonb_array_elements(p_items) x);
begin
  if cardinality(v_references) > 64 then
    raise exception 'a settlement batch holds at most 64 items';
  end if;
  perform 1 from game_transfers t where t.reference = any (v_references) order by t.id for update;
  perform 1 from ledger_accounts a
  where a.code in (select c.code
                   from game_transfers t
                   cross join lateral (values (ledger_member_account(t.member_id, 'wallet')),
                                              (ledger_member_account(t.member_id, 'transfer_pending')),
                                              (ledger_game_account(t.member_id, t.provider)),
                                              (ledger_game_account(t.member_id, t.then_to))) as c (code)
                   where t.reference = any (v_references))
  order by a.id for update;
  for v_item in select x.value from jsonb_array_elements(p_items) with ordinality as x (value, n) order by x.n loop
    begin
      select s.settled, s.next, s.answer, null, null
      into settled, next, answer, failed_state, failed_message
      from game_transfer_settle_answer(v_item ->> 'reference', v_item ->> 'final', v_item ->> 'reason',
                                       (v_item ->> 'at')::timestamptz, (v_item ->> 'nextCheck')::timestamptz,
                                       v_item ->> 'answerRef', (v_item ->> 'member')::bigint) s;
    -- A second leg that cannot begin (NO_GAME) raises P0004, assert_failure, which others leaves out.
    exception when assert_failure or others then
      settled := null;
      next := null;
      answer := null;
      get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text;
    end;
    return next;
  end loop;
end $$;

-- The bet feed. Krapao pulls each provider's rounds by cursor (GameProvider.bets) into per-member
-- turnover and win/loss by provider and day, and moves each round's money in the ledger. Bonuses, refunds
-- and invites are computed from these figures, so a round must count once, whatever happens: a page is
-- taken in ONE transaction (game_bets_take) that inserts its rounds (unique by provider and round id),
-- adds the new ones to the day's figures, and advances the provider's cursor, compare-and-set on the
-- cursor the page was asked from. A pull that dies before its commit left nothing and asks the same page
-- again; one that dies after it resumes from the new cursor; a page seen twice (a resumed pull, two
-- instances pulling at once, a provider that sends a round again) adds nothing.

-- Moves the money of the member's rounds that wait, in order, into the ledger: what the rounds won comes
-- from the provider's house account (game:<CODE>) into the member's game account, what they bet goes
-- back (two entries per member and batch, rather than two per round: a page of 500 rounds is a few dozen
-- postings, not a thousand). When the member's game account in the ledger would go below zero (money the
-- provider holds but Krapao has not posted yet: a transfer in still PENDING), the rounds wait and are
-- tried again by the next pull. The caller holds the provider's cursor row (one taker at a time).
create or replace function game_rounds_post(p_provider text, p_members bigint[], p_at timestamptz)
returns int
language plpgsql as $$
declare
  v_r record;
  v_game text;
  v_balance bigint;
  v_posted int := 0;
begin
  for v_r in
    select r.member_id, min(r.seq) as first_seq, max(r.seq) as last_seq, count(*) as n,
           sum(r.bet)::bigint as bets, sum(r.win)::bigint as wins
    from game_rounds r
    where r.provider = p_provider and not r.posted and r.member_id is not null
      and (p_members is null or r.member_id = any (p_members))
    group by r.member_id
    order by r.member_id
  loop
    v_game := ledger_game_account(v_r.member_id, p_provider);
    select a.balance into v_balance from ledger_accounts a where a.code = v_game for update;
    if coalesce(v_balance, 0) + v_r.wins - v_r.bets < 0 then
      continue;
    end if;
    if v_r.wins > 0 then
      perform ledger_post('game_round', 'rounds:' || p_provider || ':' || v_r.first_seq || ':win',
                          v_r.member_id, p_at, array[ledger_house_account('game:' || p_provider), v_game],
                          array[-v_r.wins, v_r.wins]);
    end if;
    if v_r.bets > 0 then
      perform ledger_post('game_round', 'rounds:' || p_provider || ':' || v_r.first_seq || ':bet',
                          v_r.member_id, p_at, array[v_game, ledger_house_account('game:' || p_provider)],
                          array[-v_r.bets, v_r.bets]);
    end if;
    update game_rounds r set posted = true
    where r.provider = p_provider and r.member_id = v_r.member_id and not r.posted
      and r.seq between v_r.first_seq and v_r.last_seq;
    v_posted := v_posted + v_r.n;
  end loop;
  return v_posted;
end $$;

-- Takes one page of a provider's feed, once: p_cursor is the cursor the page was asked from (null: the
-- beginning), p_next the one to resume from. When the stored cursor is no longer p_cursor another pull
-- took this page first: nothing is done ({stale: true}). Otherwise the rounds are inserted (a round id
-- seen before is skipped), the new ones added to the day's figures, the cursor advanced, and the money of
-- the page's members posted (game_rounds_post), all in this one transaction.
create or replace function game_bets_take(p_provider text, p_cursor text, p_next text, p_round_ids text[],
                                          p_usernames text[], p_bets bigint[], p_wins bigint[],
                                          p_played_at timestamptz[], p_at timestamptz)
returns jsonb
language plpgsql as $$
declare
  v_cursor text;
  v_new int;
  v_members bigint[];
  v_posted int;
begin
  insert into game_bet_cursors (provider) values (p_provider) on conflict (provider) do nothing;
  select c.cursor into v_cursor from game_bet_cursors c where c.provider = p_provider for update;
  if v_cursor is distinct from p_cursor then
    return jsonb_build_object('stale', true);
  end if;

  with page as (
    select x.round_id, x.username, x.bet, x.win, x.played_at, x.n
    from unnest(p_round_ids, p_usernames, p_bets, p_wins, p_played_at)
         with ordinality as x (round_id, username, bet, win, played_at, n)
  ), inserted as (
    insert into game_rounds (provider, round_id, member_id, username, currency, bet, win, played_at, day,
                             pulled_at)
    select p_provider, p.round_id, g.member_id, p.username, m.currency, p.bet, p.win, p.played_at,
           (p.played_at at time zone 'Asia/Bangkok')::date, p_at
    from page p
    left join game_accounts g on g.provider = p_provider and g.username = p.username
    left join members m on m.id = g.member_id
    order by p.n
    on conflict (provider, round_id) do nothing
    returning member_id, currency, bet, win, day
  ), stats as (
    insert into game_daily_stats as s (member_id, provider, day, currency, rounds, turnover, wins, win_loss)
    select i.member_id, p_provider, i.day, i.currency, count(*), sum(i.bet), sum(i.win), sum(i.win - i.bet)
    from inserted i
    where i.member_id is not null
    group by i.member_id, i.day, i.currency
    on conflict (member_id, provider, day) do update
    set rounds = s.rounds + excluded.rounds,
        turnover = s.turnover + excluded.turnover,
        wins = s.wins + excluded.wins,
        win_loss = s.win_loss + excluded.win_loss
  )
  select count(*)::int, array_agg(distinct i.member_id) filter (where i.member_id is not null)
  into v_new, v_members
  from inserted i;

  update game_bet_cursors c set cursor = p_next, rounds = c.rounds + v_new, pulled_at = p_at
  where c.provider = p_provider;
  v_posted := case when v_members is null then 0 else game_rounds_post(p_provider, v_members, p_at) end;
  return jsonb_build_object('stale', false, 'taken', v_new, 'posted', v_posted);
end $$;

-- Posts the rounds that waited (their transfer in has settled since), under the provider's cursor lock.
create or replace function game_rounds_post_waiting(p_provider text, p_at timestamptz)
returns int
language plpgsql as $$
begin
  insert into game_bet_cursors (provider) values (p_provider) on conflict (provider) do nothing;
  perform 1 from game_bet_cursors c where c.provider = p_provider for update;
  return game_rounds_post(p_provider, null, p_at);
end $$;
