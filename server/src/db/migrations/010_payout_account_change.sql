-- PRO-3 (issue 7, item 4): a stolen session token must not be enough to cash out. Changing the payout
-- account needs the current password and, where OTP is on, a code sent to the registered phone
-- (accounts/payout-account.ts); and withdrawals to an account changed within the operator's
-- withdraw.newAccountHoldHours (24 by default) wait for the operator whatever withdraw.autoPayout says.

-- When the member last changed the bank or the number of the payout account (null: as registered).
alter table members add column bank_changed_at timestamptz;

-- Why a PENDING withdrawal waits for the operator even with automatic payouts (NEW_ACCOUNT: its account
-- had just been changed); the reconciler never sends one that is held.
alter table withdrawals add column held_for text check (held_for in ('NEW_ACCOUNT'));

-- A code is good for one purpose only: 'register' (the phone of a new member, /api/otp/verify) or
-- 'bank-change' (sent to a member's registered phone, used once by that member's profile update).
alter table otps add column purpose text not null default 'register' check (purpose in ('register', 'bank-change'));
alter table otps add column member_id bigint references members (id) on delete cascade;
alter table otps add constraint otps_member_purpose check ((purpose = 'register') = (member_id is null));

-- wallet_withdraw as in 006, plus the hold: a withdrawal whose member changed the payout account less
-- than withdraw.newAccountHoldHours ago (read in the same transaction, like withdraw.autoPayout) is
-- inserted PENDING and held for the operator instead of being claimed for an automatic payout.
create or replace function wallet_withdraw(p_member bigint, p_key text, p_hash bytea, p_amount bigint,
                                           p_seen bigint, p_public_id text, p_created_at text,
                                           p_can_pay boolean)
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
  v_hold_setting jsonb;
  v_hold_hours double precision;
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
  insert into withdrawals (public_id, member_id, amount, status, attempts, bank_code, bank_account_no,
                           bank_account_name, held_for, created_at, updated_at)
  select p_public_id, m.id, v_amount,
         case when v_auto and p_can_pay and not h.held then 'PROCESSING' else 'PENDING' end,
         case when v_auto and p_can_pay and not h.held then 1 else 0 end,
         m.bank_code, m.bank_account_no, m.bank_account_name,
         case when h.held then 'NEW_ACCOUNT' end, v_at, v_at
  from members m
  cross join lateral (select coalesce(m.bank_changed_at > v_at - make_interval(secs => v_hold_hours * 3600),
                                      false) as held) h
  where m.id = p_member
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
