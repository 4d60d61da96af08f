-- Money movements in one round trip each: a whole request (key claim, settings, balance lock, insert,
-- ledger_post, stored answer) runs inside the database as one statement and one transaction, so no
-- PostgreSQL session holds its locks idle in transaction while Node works. withdrawals/service.ts and
-- deposits/service.ts are their only callers.
--
-- Refusals a member can act on are raised with SQLSTATE P0004 and the error code as the message (the
-- service turns them into the { message: CODE } answer); MONEY_NOT_ENOUGH stays P0003 as in ledger_post.
-- Member account codes are spelled here as ledger/ledger.ts memberAccount() spells them
-- (member:<id>:wallet, member:<id>:pending_withdrawal); house cash shards come from the caller.

-- WD-1, WD-2: one withdrawal request under its Idempotency-Key. p_amount null means the whole wallet
-- (withdrawAll), with p_seen the balance the member saw (or null). A key already used returns the first
-- answer and moves nothing (replayed true); the same key with another request hash is
-- IDEMPOTENCY_KEY_REUSED. A refusal rolls everything back, the key included, so a retry is tried afresh.
-- With automatic payouts (the operator's withdraw.autoPayout, read in the same transaction) and a payout
-- provider at the server (p_can_pay), the withdrawal is claimed for its payout here: inserted PROCESSING
-- with its first attempt, and `payout` answers what the bank call needs. That saves the claim its own
-- transaction; members see PROCESSING as pending. Otherwise it waits PENDING for the operator.
create function wallet_withdraw(p_member bigint, p_key text, p_hash bytea, p_amount bigint, p_seen bigint,
                                p_public_id text, p_created_at text, p_can_pay boolean)
returns table (response jsonb, replayed boolean, payout jsonb)
language plpgsql as $$
declare
  v_at timestamptz := p_created_at::timestamptz;
  v_wallet text := 'member:' || p_member || ':wallet';
  v_pending text := 'member:' || p_member || ':pending_withdrawal';
  v_claimed text;
  v_seen_hash bytea;
  v_seen_response jsonb;
  v_limits jsonb;
  v_auto boolean;
  v_balance bigint;
  v_amount bigint;
  v_withdrawal text;
  v_response jsonb;
  v_payout jsonb;
begin
  -- On unless the setting is false (or 0 or ""); absent means on.
  v_auto := not coalesce((select s.value in ('false'::jsonb, '0'::jsonb, '""'::jsonb)
                          from settings s where s.key = 'withdraw.autoPayout'), false);

  -- A concurrent request with the same key waits here until the first one commits or rolls back.
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

  select s.value into v_limits from settings s where s.key = 'withdraw.limits';
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
  -- which saves the claim's own transaction; the member still sees it pending.
  insert into withdrawals (public_id, member_id, amount, status, attempts, bank_code, bank_account_no,
                           bank_account_name, created_at, updated_at)
  select p_public_id, m.id, v_amount, case when v_auto and p_can_pay then 'PROCESSING' else 'PENDING' end,
         case when v_auto and p_can_pay then 1 else 0 end, m.bank_code, m.bank_account_no, m.bank_account_name,
         v_at, v_at
  from members m where m.id = p_member
  returning public_id, case when status = 'PROCESSING' then jsonb_build_object(
           'reference', public_id, 'bankCode', bank_code, 'accountNo', bank_account_no,
           'accountName', bank_account_name, 'amountMinor', amount::text) end
  into v_withdrawal, v_payout;
  if v_withdrawal is null then
    raise exception 'no member %', p_member;
  end if;
  if ledger_post('withdrawal', 'withdrawal:' || p_public_id || ':requested', p_member, v_at,
                 array[v_wallet, v_pending], array[-v_amount, v_amount]) is null then
    raise exception 'withdrawal % posted twice', p_public_id;
  end if;

  -- The answer, as the API speaks it (baht, two decimals), kept for replays.
  v_response := jsonb_build_object(
    'withdrawalId', p_public_id,
    'amount', round(v_amount / 100.0, 2),
    'status', 'PENDING',
    'balance', round((v_balance - v_amount) / 100.0, 2),
    'createdAt', p_created_at);
  update idempotency_keys k set response = v_response where k.member_id = p_member and k.key = p_key;
  return query select v_response, false, v_payout;
end $$;

-- DEP-11: one line of the bank feed. Credits the member whose registered account sent it, once per bank
-- reference (the primary key of bank_feed_items stops a second delivery, even a concurrent one). A line
-- that matches no member (or no operator account) is kept as UNMATCHED for the operator.
-- DEP-10, True Wallet in AUTO mode: the wallet's statement integration reports transfers on the same feed
-- with fromBankCode TRUEWALLET, fromAccountNo the sender's phone and toAccountNo the operator wallet's
-- phone. Such a line credits the member with that phone when the wallet is active in AUTO mode and the
-- amount is at least the True Wallet minimum (2 baht).
create function bank_feed_credit(p_reference text, p_from_bank text, p_from_account text, p_to_account text,
                                 p_amount bigint, p_received_at timestamptz, p_at timestamptz, p_house text)
returns text
language plpgsql as $$
declare
  v_member bigint;
  v_fresh text;
  v_wallet boolean := p_from_bank = 'TRUEWALLET';
begin
  if v_wallet then
    select m.id into v_member from members m
    where m.phone = p_from_account and m.status = 'active' and p_amount >= 200
      and exists (select 1 from house_wallets w where w.phone = p_to_account and w.active and w.mode = 'AUTO');
  else
    select m.id into v_member from members m
    where m.bank_code = p_from_bank and m.bank_account_no = p_from_account and m.status = 'active'
      and exists (select 1 from house_accounts h
                  where h.account_no = p_to_account and h.active and h.bank_type = 'BANK');
  end if;
  insert into bank_feed_items (reference, from_bank_code, from_account_no, to_account_no, amount, received_at,
                               outcome, member_id)
  values (p_reference, p_from_bank, p_from_account, p_to_account, p_amount, p_received_at,
          case when v_member is null then 'UNMATCHED' else 'CREDITED' end, v_member)
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
                 array['member:' || v_member || ':wallet',
                       case when v_wallet then 'house:truewallet' else p_house end],
                 array[p_amount, -p_amount]) is null then
    raise exception 'deposit:bank:% posted twice', p_reference;
  end if;
  return 'CREDITED';
end $$;

-- WD-2: a withdrawal's final state and its money, once. PAID sends the money to the bank (p_house),
-- FAILED and REJECTED return it to the wallet. The status update is guarded by the state it leaves
-- (PENDING for REJECTED, else PROCESSING): false means it was not in that state and nothing moved.
create function withdrawal_settle(p_public_id text, p_final text, p_reason text, p_at timestamptz,
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
                 array['member:' || v_member || ':pending_withdrawal',
                       case when p_final = 'PAID' then p_house else 'member:' || v_member || ':wallet' end],
                 array[-v_amount, v_amount]) is null then
    raise exception 'withdrawal:%:% posted twice', p_public_id, lower(p_final);
  end if;
  return true;
end $$;
