-- Issue 8: money always knows its currency. Laos is Krapao's second market and a kip wallet must never
-- share a pool with baht. Every ledger account, entry and posting names its currency; amounts stay
-- integers in the currency's minor unit (satang, and att for kip: ISO 4217 gives LAK two decimals).
-- Everything before this migration was baht.

alter table ledger_accounts add column currency text not null default 'BAHT'
  check (currency in ('BAHT', 'LAK'));
alter table journal_entries add column currency text not null default 'BAHT'
  check (currency in ('BAHT', 'LAK'));
alter table postings add column currency text not null default 'BAHT';
-- From now on every row names its currency: ledger_post writes it.
alter table ledger_accounts alter column currency drop default;
alter table journal_entries alter column currency drop default;
alter table postings alter column currency drop default;

-- The rule itself, at the database: a posting is in its account's currency and in its entry's, so all
-- the postings of one entry are in one currency, whatever code wrote them. (A posting whose account is
-- kip and whose entry is baht breaks one of these two keys.)
alter table ledger_accounts add constraint ledger_accounts_id_currency unique (id, currency);
alter table journal_entries add constraint journal_entries_id_currency unique (id, currency);
alter table postings add constraint postings_in_account_currency
  foreign key (account_id, currency) references ledger_accounts (id, currency);
alter table postings add constraint postings_in_entry_currency
  foreign key (entry_id, currency) references journal_entries (id, currency);

-- House accounts exist per currency: their code ends with it (house:bank_cash:7:BAHT,
-- house:gateway:ONEPAY:LAK). Account codes are not append-only; postings point at ids, not codes.
update ledger_accounts set code = code || ':BAHT' where kind = 'house';

-- A member's accounts are in the member's currency, fixed at registration (the column is never updated).
create function ledger_member_account_currency() returns trigger language plpgsql as $$
begin
  if new.member_id is not null and new.currency <> (select m.currency from members m where m.id = new.member_id) then
    raise exception 'account % is not in its member''s currency', new.code using errcode = 'P0005';
  end if;
  return new;
end $$;
create trigger ledger_accounts_member_currency before insert or update of currency, member_id on ledger_accounts
  for each row execute function ledger_member_account_currency();

-- ledger_post as in 003, in one currency: the entry's currency is p_currency, or else its member's (every
-- entry of a member's money is in the wallet's currency). Callers name house accounts without a currency
-- (house:bank_cash:7, house:gateway:ONEPAY, house:truewallet) and the entry files them under its own, so
-- no caller can post kip into a baht pool. An account that already exists in another currency refuses the
-- whole entry (P0005), and the foreign keys above stand behind that.
drop function ledger_post(text, text, bigint, timestamptz, text[], bigint[]);
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

-- The bank feed knows a line's currency from the operator's account it arrived in (a BCEL account is
-- kip); null when the account is none of the operator's.
alter table bank_feed_items add column currency text check (currency in ('BAHT', 'LAK'));

-- DEP-11 as in 006, in the member's currency: a line credits a member only when the operator's account it
-- arrived in is in the member's wallet currency (a kip transfer into BCEL for a kip member; a True Wallet
-- transfer only for a baht member). Any other line is kept UNMATCHED for the operator, never converted.
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
                 array['member:' || v_member || ':wallet',
                       case when v_wallet then 'house:truewallet' else p_house end],
                 array[p_amount, -p_amount]) is null then
    raise exception 'deposit:bank:% posted twice', p_reference;
  end if;
  return 'CREDITED';
end $$;

-- WD-1: withdrawal limits per currency. The setting becomes { "BAHT": {minMinor, maxMinor}, "LAK": {...} };
-- a site's own baht limits are kept, and kip starts at 50,000 to 50 million kip.
update settings set value = jsonb_build_object('BAHT', value,
                                               'LAK', '{"minMinor": 5000000, "maxMinor": 5000000000}'::jsonb)
where key = 'withdraw.limits' and value ? 'minMinor';

-- The limits of one currency, in minor units: the operator's, else none (as before). An operator's script
-- that still writes the old shape ({minMinor, maxMinor}) sets the baht limits, as it always did.
create function withdraw_limits(p_currency text) returns jsonb language sql stable as $$
  select coalesce((select coalesce(s.value -> p_currency,
                                   case when p_currency = 'BAHT' and s.value ? 'minMinor' then s.value end)
                   from settings s where s.key = 'withdraw.limits'), '{}'::jsonb)
$$;

-- wallet_withdraw as in 010 (the PRO-3 hold kept), with the limits of the member's currency. A later
-- redefinition must keep both.
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
