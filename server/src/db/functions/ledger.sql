-- The ledger's rules inside the database: postings and entries are append-only, every entry sums to
-- zero, a member's accounts are in the member's currency, and ledger_post is the one writer of balances.
-- server/src/ledger/ledger.ts is ledger_post's caller in TypeScript; the money functions of the other
-- files call it in SQL.

-- Postings and entries are append-only: a correction is a new, reversing entry.
create or replace function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only (%)', tg_table_name using errcode = 'P0001';
end $$;
create or replace trigger postings_append_only before update or delete on postings
  for each row execute function ledger_append_only();
create or replace trigger journal_entries_append_only before update or delete on journal_entries
  for each row execute function ledger_append_only();
create or replace trigger postings_no_truncate before truncate on postings
  for each statement execute function ledger_append_only();
create or replace trigger journal_entries_no_truncate before truncate on journal_entries
  for each statement execute function ledger_append_only();

-- Every entry's postings sum to zero, checked when the transaction commits. (A constraint trigger has no
-- "or replace": it is made again.)
create or replace function ledger_entry_balanced() returns trigger language plpgsql as $$
begin
  if (select coalesce(sum(amount), 0) from postings where entry_id = new.entry_id) <> 0 then
    raise exception 'journal entry % does not sum to zero', new.entry_id using errcode = 'P0002';
  end if;
  return null;
end $$;
drop trigger if exists postings_sum_to_zero on postings;
create constraint trigger postings_sum_to_zero after insert on postings
  deferrable initially deferred for each row execute function ledger_entry_balanced();

-- A member's accounts are in the member's currency, fixed at registration (the column is never updated).
create or replace function ledger_member_account_currency() returns trigger language plpgsql as $$
begin
  if new.member_id is not null and new.currency <> (select m.currency from members m where m.id = new.member_id) then
    raise exception 'account % is not in its member''s currency', new.code using errcode = 'P0005';
  end if;
  return new;
end $$;
create or replace trigger ledger_accounts_member_currency
  before insert or update of currency, member_id on ledger_accounts
  for each row execute function ledger_member_account_currency();

-- Ledger account names, spelled here and in server/src/ledger/account-names.ts, nowhere else. A member's
-- accounts are its wallet, its pending withdrawals, its transfer-pending account (money between the wallet
-- and a provider) and one game account per provider (what sits at the provider); a house account is named
-- by its purpose (bank_cash:7, gateway:ONEPAY, truewallet, rewards, game:PG) and ledger_post files it
-- under the entry's currency.
--
-- The bigint is cast to text by name: `text || bigint` is textanycat, which is only stable, and PostgreSQL
-- inlines an immutable SQL function only when its body is immutable too. Not inlined, each call ran as a
-- query of its own, parsed and planned: about ten per money movement under bench:api.
create or replace function ledger_member_account(p_member bigint, p_kind text) returns text
language sql immutable as $$ select 'member:' || p_member::text || ':' || p_kind $$;

create or replace function ledger_game_account(p_member bigint, p_provider text) returns text
language sql immutable as $$ select 'member:' || p_member::text || ':game:' || p_provider $$;

create or replace function ledger_house_account(p_name text) returns text
language sql immutable as $$ select 'house:' || p_name $$;

-- A house account's name in one currency (a kip entry's bank cash is not a baht entry's); a member's
-- account as it is (it is in the member's currency already).
create or replace function ledger_account_in_currency(p_code text, p_currency text) returns text
language sql immutable as $$
  select case when left(p_code, 6) = 'house:' then p_code || ':' || p_currency else p_code end
$$;

-- The kind of account a name is (ledger_accounts.kind): member accounts never go below zero.
create or replace function ledger_account_kind(p_code text) returns text
language sql immutable as $$
  select case when p_code like 'member:%:wallet' then 'member_wallet'
              when p_code like 'member:%:pending_withdrawal' then 'member_pending_withdrawal'
              when p_code like 'member:%:game:%' or p_code like 'member:%:transfer_pending' then 'member_game'
              else 'house' end
$$;

-- The member a name belongs to; null for a house account.
create or replace function ledger_account_member(p_code text) returns bigint
language sql immutable as $$
  select case when p_code like 'member:%' then split_part(p_code, ':', 2)::bigint end
$$;

-- ledger_post: one journal entry in one round trip, in one currency. Creates accounts on first use, writes
-- the postings and moves the balances. A reference already posted answers null and moves nothing.
--
-- The entry's currency is p_currency, or else its member's (every entry of a member's money is in the
-- wallet's currency). Callers name house accounts without a currency and the entry files them under its
-- own (ledger_account_in_currency), so no caller can post kip into a baht pool.
--
-- Set-based: it locks the entry's accounts in id order in one statement (every entry locks that way, so
-- two entries never wait on each other in a cycle), and moves every balance and writes every posting in
-- one more. The accounts are created only when one is missing. A member account that would go below zero
-- refuses the whole entry (MONEY_NOT_ENOUGH, SQLSTATE P0003); an account in another currency than the
-- entry's refuses it (P0005), and the currency foreign keys of postings stand behind that. An account
-- named twice in one entry is a caller's mistake.
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
    v_codes[i] := ledger_account_in_currency(v_codes[i], v_currency);
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
    select c, ledger_account_kind(c), ledger_account_member(c), v_currency
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
