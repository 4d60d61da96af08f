-- Deposits: the bank feed's credit in one round trip, and deposit notices answered by the credit that
-- brings their money. modules/deposits/ is their caller.

-- DEP-11: one line of the bank feed. Credits the member whose registered account sent it, once per bank
-- reference (the primary key of bank_feed_items stops a second delivery, even a concurrent one). A line
-- credits a member only when the operator's account it arrived in is in the member's wallet currency (a
-- kip transfer into BCEL for a kip member; a True Wallet transfer only for a baht member). Any other line
-- is kept UNMATCHED for the operator, never converted.
--
-- DEP-10, True Wallet in AUTO mode: the wallet's statement integration reports transfers on the same feed
-- with fromBankCode TRUEWALLET, fromAccountNo the sender's phone and toAccountNo the operator wallet's
-- phone. Such a line credits the member with that phone when the wallet is active in AUTO mode and the
-- amount is at least the True Wallet minimum (2 baht).
create or replace function bank_feed_credit(p_reference text, p_from_bank text, p_from_account text,
                                            p_to_account text, p_amount bigint, p_received_at timestamptz,
                                            p_at timestamptz, p_house text)
returns text
language plpgsql as $$
declare
  v_member bigint;
  v_fresh text;
  v_wallet boolean := p_from_bank = 'TRUEWALLET';
  v_currency text;
begin
  if v_wallet then
    v_currency := case when exists (select 1 from house_wallets w
                                    where w.phone = p_to_account and w.active and w.mode = 'AUTO')
                       then 'BAHT' end;
    select m.id into v_member from members m
    where m.phone = p_from_account and m.status = 'active' and p_amount >= 200 and m.currency = v_currency;
  else
    select h.currency into v_currency from house_accounts h
    where h.account_no = p_to_account and h.active and h.bank_type = 'BANK'
    order by h.id limit 1;
    select m.id into v_member from members m
    where m.bank_code = p_from_bank and m.bank_account_no = p_from_account and m.status = 'active'
      and m.currency = v_currency;
  end if;
  insert into bank_feed_items (reference, from_bank_code, from_account_no, to_account_no, amount, received_at,
                               outcome, member_id, currency)
  values (p_reference, p_from_bank, p_from_account, p_to_account, p_amount, p_received_at,
          case when v_member is null then 'UNMATCHED' else 'CREDITED' end, v_member, v_currency)
  on conflict (reference) do nothing
  returning reference into v_fresh;
  if v_fresh is null then
    return 'DUPLICATE';
  end if;
  if v_member is null then
    return 'UNMATCHED';
  end if;
  insert into deposits (member_id, channel, amount, status, reference, created_at)
  values (v_member, case when v_wallet then 'TRUEWALLET' else 'BANK' end, p_amount, 'SUCCESS', p_reference, p_at);
  if ledger_post('deposit', 'deposit:bank:' || p_reference, v_member, p_at,
                 array[ledger_member_account(v_member, 'wallet'),
                       case when v_wallet then ledger_house_account('truewallet') else p_house end],
                 array[p_amount, -p_amount]) is null then
    raise exception 'deposit:bank:% posted twice', p_reference;
  end if;
  return 'CREDITED';
end $$;

-- DEP-12: a member's deposit notice ("I have transferred this much") is answered by the credit that brings
-- that money, whatever its channel (bank feed, slip, QR, True Wallet, an operator's credit), so the
-- statement shows one credited deposit instead of a credited line beside a notice that stays in progress.
-- A notice nobody answers expires as such after its window and is never matched later.
--
-- The rule, written once here: a credit answers a notice of the same member and the same amount when it
-- arrives from 15 minutes before the notice (the bank feed is often quicker than the member) until 60
-- minutes after it (deposit_notice_expires_at); the oldest waiting notice is answered first, and each
-- credit answers at most one notice (deposits.answered_by is unique).
create or replace function deposit_notice_expires_at(p_notice_at timestamptz) returns timestamptz
language sql immutable as $$ select p_notice_at + interval '60 minutes' $$;

create or replace function deposit_notice_answers(p_notice_at timestamptz, p_credit_at timestamptz)
returns boolean
language sql immutable as $$
  select p_credit_at >= p_notice_at - interval '15 minutes'
     and p_credit_at < deposit_notice_expires_at(p_notice_at)
$$;

-- A notice and a credit of one member that are written at the same moment must still meet: each side
-- takes this per-member lock before it looks for the other, so the second one sees the first committed.
-- Only these two functions take it, so it cannot form a cycle with the row locks of the credit paths.
create or replace function deposit_notice_lock(p_member bigint) returns void
language sql as $$ select pg_advisory_xact_lock(727012, (p_member % 2147483647)::int) $$;

-- A credit (any channel) answers the oldest waiting notice it fits. A trigger rather than a call in each
-- credit path, so that every channel counts, today's and the ones to come, and bank_feed_credit, the
-- slips and the operator's credit need no change.
create or replace function deposit_answers_notice() returns trigger
language plpgsql as $$
begin
  perform deposit_notice_lock(new.member_id);
  update deposits n set status = 'SUCCESS', answered_by = new.id
  where n.id = (select w.id from deposits w
                where w.member_id = new.member_id and w.channel = 'NOTICE' and w.status = 'PENDING'
                  and w.amount = new.amount and deposit_notice_answers(w.created_at, new.created_at)
                order by w.created_at, w.id limit 1);
  return null;
end $$;
create or replace trigger deposits_answer_notice after insert on deposits
  for each row when (new.channel <> 'NOTICE' and new.status = 'SUCCESS')
  execute function deposit_answers_notice();

-- POST /api/wallet/add: records the notice; a credit of that amount that arrived just before it (and
-- answers no other notice) answers it at once. Answers the notice's id and status (PENDING or SUCCESS).
create or replace function deposit_notice_add(p_member bigint, p_amount bigint, p_at timestamptz)
returns table (notice_id bigint, notice_status text)
language plpgsql as $$
declare
  v_credit bigint;
begin
  perform deposit_notice_lock(p_member);
  select c.id into v_credit from deposits c
  where c.member_id = p_member and c.channel <> 'NOTICE' and c.status = 'SUCCESS' and c.amount = p_amount
    and deposit_notice_answers(p_at, c.created_at)
    and not exists (select 1 from deposits n where n.answered_by = c.id)
  order by c.created_at, c.id limit 1;
  return query
  insert into deposits (member_id, channel, amount, status, answered_by, created_at)
  values (p_member, 'NOTICE', p_amount, case when v_credit is null then 'PENDING' else 'SUCCESS' end,
          v_credit, p_at)
  returning deposits.id, deposits.status;
end $$;

-- Issue 22: bank-feed lines of several requests in one round trip and one transaction (ledger/batch.ts
-- gathers them). p_items is a JSON array of {reference, fromBank, fromAccount, toAccount, amount,
-- receivedAt}, each the arguments of one bank_feed_credit with the batch's p_at and house account; one
-- row per item, in order: the outcome, or the SQLSTATE and message the single call would have raised.
-- Each line runs in a subtransaction of its own, so a line that fails moves nothing and the others commit.
--
-- Locks are taken first, in the order every credit takes them: the deposit-notice locks of the members
-- the lines may credit (member id order; a credit takes its member's when it inserts the deposit, before
-- ledger_post), then their wallets and the house accounts, in account id order. The members are found as
-- bank_feed_credit finds them, less its currency and amount rules: a lock too many costs nothing, and a
-- lock missed only loses the ordering (a rare deadlock, which the item answers as 40P01 and batch.ts runs
-- again alone). At most 64 items, as wallet_withdraw_batch.
create or replace function bank_feed_credit_batch(p_items jsonb, p_at timestamptz, p_house text)
returns table (outcome text, failed_state text, failed_message text)
language plpgsql as $$
declare
  v_item jsonb;
  v_member bigint;
  v_members bigint[];
  v_currencies text[];
begin
  if jsonb_array_length(p_items) > 64 then
    raise exception 'a bank-feed batch holds at most 64 items';
  end if;
  select array_agg(c.id order by c.id), array_agg(distinct c.currency) into v_members, v_currencies
  from (select m.id, m.currency
        from jsonb_array_elements(p_items) x
        join members m on m.bank_code = x.value ->> 'fromBank' and m.bank_account_no = x.value ->> 'fromAccount'
        union
        select m.id, m.currency
        from jsonb_array_elements(p_items) x
        join members m on x.value ->> 'fromBank' = 'TRUEWALLET' and m.phone = x.value ->> 'fromAccount') c;
  foreach v_member in array coalesce(v_members, '{}') loop
    perform deposit_notice_lock(v_member);
  end loop;
  perform 1 from ledger_accounts a
  where a.code in (select ledger_member_account(u.id, 'wallet') from unnest(v_members) as u (id)
                   union
                   select ledger_account_in_currency(h.code, c.currency)
                   from unnest(v_currencies) as c (currency)
                   cross join unnest(array[p_house, ledger_house_account('truewallet')]) as h (code))
  order by a.id for update;
  for v_item in select x.value from jsonb_array_elements(p_items) with ordinality as x (value, n) order by x.n loop
    begin
      outcome := bank_feed_credit(v_item ->> 'reference', v_item ->> 'fromBank', v_item ->> 'fromAccount',
                                  v_item ->> 'toAccount', (v_item ->> 'amount')::bigint,
                                  (v_item ->> 'receivedAt')::timestamptz, p_at, p_house);
      failed_state := null;
      failed_message := null;
    -- The refusals' P0004 is assert_failure, which others leaves out.
    exception when assert_failure or others then
      outcome := null;
      get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text;
    end;
    return next;
  end loop;
end $$;
