-- Withdrawals: a whole request in one round trip, and a withdrawal's final state with its money, once.
-- modules/withdrawals/service.ts is their caller.
--
-- Refusals a member can act on are raised with SQLSTATE P0004 and the error code as the message (the
-- service turns them into the { message: CODE } answer); MONEY_NOT_ENOUGH is P0003 as in ledger_post.

-- WD-1: the withdrawal limits of one currency, in minor units: the operator's, else none. An operator's
-- script that still writes the old shape ({minMinor, maxMinor}) sets the baht limits, as it always did.
-- PL/pgSQL rather than SQL so that its plan is kept between the calls of wallet_withdraw.
create or replace function withdraw_limits(p_currency text) returns jsonb language plpgsql stable as $$
begin
  return coalesce((select coalesce(s.value -> p_currency,
                                   case when p_currency = 'BAHT' and s.value ? 'minMinor' then s.value end)
                   from settings s where s.key = 'withdraw.limits'), '{}'::jsonb);
end $$;

-- WD-1, WD-2: one withdrawal request under its Idempotency-Key, a whole request (key claim, settings,
-- balance lock, insert, ledger_post, stored answer) as one statement and one transaction, so no
-- PostgreSQL session holds its locks idle in transaction while Node works.
--
-- p_amount null means the whole wallet (withdrawAll), with p_seen the balance the member saw (or null). A
-- key already used returns the first answer and moves nothing (replayed true); the same key with another
-- request hash is IDEMPOTENCY_KEY_REUSED. A refusal rolls everything back, the key included, so a retry
-- is tried afresh. Limits are those of the member's currency (withdraw_limits).
--
-- With automatic payouts (the operator's withdraw.autoPayout, read in the same transaction) and a payout
-- provider at the server (p_can_pay), the withdrawal is claimed for its payout here: inserted PROCESSING
-- with its first attempt, and `payout` answers what the bank call needs. That saves the claim its own
-- transaction; members see PROCESSING as pending. Otherwise it waits PENDING for the operator.
--
-- PRO-3: a withdrawal whose member changed the payout account less than withdraw.newAccountHoldHours ago
-- (read in the same transaction, 24 by default) is inserted PENDING and held for the operator instead
-- (held_for NEW_ACCOUNT; docs/decisions.md "Changing the payout account needs the password, a code, and
-- a wait").
--
-- A member with a withdrawal PIN (modules/accounts/withdrawal-pin.ts) withdraws with it: p_pin_checked
-- false says the request brought none, and such a member is refused PIN_REQUIRED before anything else,
-- in this call's round trip and under its snapshot; true says the caller verified the PIN; null (an
-- instance of the version before, which checked it first) asks nothing.
create or replace function wallet_withdraw(p_member bigint, p_key text, p_hash bytea, p_amount bigint,
                                           p_seen bigint, p_public_id text, p_created_at text,
                                           p_can_pay boolean, p_pin_checked boolean default null)
returns table (response jsonb, replayed boolean, payout jsonb)
language plpgsql as $$
declare
  v_at timestamptz := p_created_at::timestamptz;
  v_wallet text := ledger_member_account(p_member, 'wallet');
  v_pending text := ledger_member_account(p_member, 'pending_withdrawal');
  v_claimed text;
  v_limits jsonb;
  v_auto boolean;
  v_hold_setting jsonb;
  v_hold_hours double precision;
  v_balance bigint;
  v_amount bigint;
  v_withdrawal text;
  v_response jsonb;
  v_payout jsonb;
begin
  if not p_pin_checked and exists (select 1 from withdrawal_pins p where p.member_id = p_member) then
    raise exception 'PIN_REQUIRED' using errcode = 'P0004';
  end if;
  -- On unless the setting is false (or 0 or ""); absent means on.
  v_auto := not coalesce((select s.value in ('false'::jsonb, '0'::jsonb, '""'::jsonb)
                          from settings s where s.key = 'withdraw.autoPayout'), false);

  -- The key first (idempotency.sql): a key used before answers its first request's answer.
  insert into idempotency_keys (member_id, key, request_hash) values (p_member, p_key, p_hash)
  on conflict (member_id, key) do nothing returning key into v_claimed;
  if v_claimed is null then
    return query select idempotency_replay(p_member, p_key, p_hash), true, null::jsonb;
    return;
  end if;

  v_limits := withdraw_limits((select m.currency from members m where m.id = p_member));
  -- A number of hours, 0 turns the hold off; absent or not a non-negative number means 24.
  select s.value into v_hold_setting from settings s where s.key = 'withdraw.newAccountHoldHours';
  v_hold_hours := case when jsonb_typeof(v_hold_setting) = 'number' and (v_hold_setting #>> '{}')::numeric >= 0
                       then (v_hold_setting #>> '{}')::double precision else 24 end;
  -- One withdrawal decision at a time per member: the wallet row stays locked until commit.
  select a.balance into v_balance from ledger_accounts a where a.code = v_wallet for update;
  v_balance := coalesce(v_balance, 0);
  v_amount := coalesce(p_amount, v_balance);
  if p_seen is not null and p_seen > v_balance then
    raise exception 'MONEY_NOT_ENOUGH' using errcode = 'P0003';
  end if;
  if v_amount <= 0 or v_amount > v_balance then
    raise exception 'MONEY_NOT_ENOUGH' using errcode = 'P0003';
  end if;
  if v_amount < coalesce((v_limits ->> 'minMinor')::bigint, 0) then
    raise exception 'WITHDRAW_MINIMUM' using errcode = 'P0004';
  end if;
  if v_amount > coalesce((v_limits ->> 'maxMinor')::bigint, 9007199254740991) then
    raise exception 'WITHDRAW_MAXIMUM' using errcode = 'P0004';
  end if;

  -- Paid to the account registered now: a later profile change does not redirect this withdrawal.
  -- With automatic payouts the withdrawal is claimed for its payout here (PROCESSING, first attempt),
  -- which saves the claim's own transaction; the member still sees it pending. A member whose payout
  -- account changed within the hold waits for the operator (PENDING, held_for NEW_ACCOUNT).
  -- The hold is decided from the same row the account is copied from (one statement, one snapshot), so a
  -- change committing in between cannot give the new account without its hold.
  -- Four-eyes (modules/staff/approvals.ts): above console.approvalAboveMinor of the member's currency
  -- ({"BAHT": minor, "LAK": minor}; absent: no threshold) it waits PENDING, held_for FOUR_EYES, until a
  -- second staff member approves.
  insert into withdrawals (public_id, member_id, amount, status, attempts, bank_code, bank_account_no,
                           bank_account_name, held_for, created_at, updated_at)
  select p_public_id, m.id, v_amount,
         case when v_auto and p_can_pay and not h.held and not h.four_eyes then 'PROCESSING' else 'PENDING' end,
         case when v_auto and p_can_pay and not h.held and not h.four_eyes then 1 else 0 end,
         m.bank_code, m.bank_account_no, m.bank_account_name,
         case when h.held then 'NEW_ACCOUNT' when h.four_eyes then 'FOUR_EYES' end, v_at, v_at
  from members m
  cross join lateral (select coalesce(m.bank_changed_at > v_at - make_interval(secs => v_hold_hours * 3600),
                                      false) as held,
                             coalesce(v_amount > (select (s.value ->> m.currency)::numeric from settings s
                                                  where s.key = 'console.approvalAboveMinor'
                                                    and jsonb_typeof(s.value -> m.currency) = 'number'),
                                      false) as four_eyes) h
  where m.id = p_member
  returning public_id, case when status = 'PROCESSING' then jsonb_build_object(
           'reference', public_id, 'bankCode', bank_code, 'accountNo', bank_account_no,
           'accountName', bank_account_name, 'amountMinor', amount::text,
           'currency', (select m2.currency from members m2 where m2.id = p_member)) end
  into v_withdrawal, v_payout;
  if v_withdrawal is null then
    raise exception 'no member %', p_member;
  end if;
  if ledger_post('withdrawal', 'withdrawal:' || p_public_id || ':requested', p_member, v_at,
                 array[v_wallet, v_pending], array[-v_amount, v_amount]) is null then
    raise exception 'withdrawal % posted twice', p_public_id;
  end if;

  -- The answer, as the API speaks it (major units, two decimals), kept for replays.
  v_response := jsonb_build_object(
    'withdrawalId', p_public_id,
    'amount', round(v_amount / 100.0, 2),
    'status', 'PENDING',
    'balance', round((v_balance - v_amount) / 100.0, 2),
    'createdAt', p_created_at);
  update idempotency_keys k set response = v_response where k.member_id = p_member and k.key = p_key;
  return query select v_response, false, v_payout;
end $$;

-- WD-2: a withdrawal's final state and its money, once. PAID sends the money to the bank (p_house),
-- FAILED and REJECTED return it to the wallet. The status update is guarded by the state it leaves
-- (PENDING for REJECTED, else PROCESSING): false means it was not in that state and nothing moved.
create or replace function withdrawal_settle(p_public_id text, p_final text, p_reason text, p_at timestamptz,
                                             p_house text)
returns boolean
language plpgsql as $$
declare
  v_member bigint;
  v_amount bigint;
begin
  update withdrawals w set status = p_final, reason = p_reason, updated_at = p_at
  where w.public_id = p_public_id
    and w.status = case when p_final = 'REJECTED' then 'PENDING' else 'PROCESSING' end
  returning w.member_id, w.amount into v_member, v_amount;
  if v_member is null then
    return false;
  end if;
  if ledger_post(case when p_final = 'PAID' then 'payout' else 'withdrawal_returned' end,
                 'withdrawal:' || p_public_id || ':' || lower(p_final), v_member, p_at,
                 array[ledger_member_account(v_member, 'pending_withdrawal'),
                       case when p_final = 'PAID' then p_house else ledger_member_account(v_member, 'wallet') end],
                 array[-v_amount, v_amount]) is null then
    raise exception 'withdrawal:%:% posted twice', p_public_id, lower(p_final);
  end if;
  return true;
end $$;

-- Issue 22: several members' withdrawal requests in one round trip and one transaction (ledger/batch.ts
-- gathers them). p_items is a JSON array of {member, key, hash (hex), amount, seen, publicId, createdAt,
-- pinChecked}, each the arguments of one wallet_withdraw; one row per item, in order. Each item runs in a
-- block of its own (a subtransaction): a refusal (MONEY_NOT_ENOUGH, BONUS_REMAINING, PIN_REQUIRED, a
-- reused key) rolls back that item alone, key included, and is answered as failed_state/failed_message
-- (the SQLSTATE and message the single call would have raised), while the others commit with their keys.
-- A key seen earlier in the same batch replays, as it would in a later transaction.
--
-- Every account the items may move (each member's wallet and pending withdrawals) is locked first, in id
-- order, in one statement: after that an item waits for no account, so two batches, or a batch and a
-- single movement (which locks in id order too), never wait on each other in a cycle. At most 64 items:
-- a transaction's first 64 subtransactions stay in its PGPROC cache, more would slow every snapshot.
create or replace function wallet_withdraw_batch(p_items jsonb, p_can_pay boolean)
returns table (response jsonb, replayed boolean, payout jsonb, failed_state text, failed_message text)
language plpgsql as $$
declare
  v_item jsonb;
begin
  if jsonb_array_length(p_items) > 64 then
    raise exception 'a withdrawal batch holds at most 64 items';
  end if;
  perform 1 from ledger_accounts a
  where a.code in (select ledger_member_account((x.value ->> 'member')::bigint, k.kind)
                   from jsonb_array_elements(p_items) x
                   cross join unnest(array['wallet', 'pending_withdrawal']) as k (kind))
  order by a.id for update;
  for v_item in select x.value from jsonb_array_elements(p_items) with ordinality as x (value, n) order by x.n loop
    begin
      select w.response, w.replayed, w.payout, null, null
      into response, replayed, payout, failed_state, failed_message
      from wallet_withdraw((v_item ->> 'member')::bigint, v_item ->> 'key', decode(v_item ->> 'hash', 'hex'),
                           (v_item ->> 'amount')::bigint, (v_item ->> 'seen')::bigint, v_item ->> 'publicId',
                           v_item ->> 'createdAt', p_can_pay, (v_item ->> 'pinChecked')::boolean) w;
    -- The refusals' P0004 is assert_failure, which others leaves out.
    exception when assert_failure or others then
      response := null;
      replayed := null;
      payout := null;
      get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text;
    end;
    return next;
  end loop;
end $$;

-- What finance weighs before paying a withdrawal (the console's queue and its four-eyes request): the
-- member's last credited deposit before it (a deposit notice is not money) and their play from that
-- deposit to the withdrawal, from the bet feed: the stakes, and wins minus stakes. No row when the
-- member never deposited. Both lookups walk the (member_id, time desc) indexes.
create or replace function withdrawal_since_deposit(p_withdrawal bigint)
returns table (deposited_at timestamptz, deposited bigint, bets bigint, net bigint)
language sql stable as $$
  select d.created_at, d.amount, p.bets, p.net
  from withdrawals w
  cross join lateral (
    select x.created_at, x.amount from deposits x
    where x.member_id = w.member_id and x.status = 'SUCCESS' and x.channel <> 'NOTICE'
      and x.created_at <= w.created_at
    order by x.created_at desc limit 1
  ) d
  cross join lateral (
    select coalesce(sum(g.bet), 0)::bigint as bets, coalesce(sum(g.win - g.bet), 0)::bigint as net
    from game_rounds g
    where g.member_id = w.member_id and g.played_at >= d.created_at and g.played_at <= w.created_at
  ) p
  where w.id = p_withdrawal
$$;
