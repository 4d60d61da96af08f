-- Money always knows its currency. Laos is Krapao's second market and a kip wallet must never
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

-- A member's accounts are in the member's currency, and ledger_post files house accounts under the
-- entry's currency (db/functions/ledger.sql).

-- The bank feed knows a line's currency from the operator's account it arrived in (a BCEL account is
-- kip); null when the account is none of the operator's.
alter table bank_feed_items add column currency text check (currency in ('BAHT', 'LAK'));

-- WD-1: withdrawal limits per currency. The setting becomes { "BAHT": {minMinor, maxMinor}, "LAK": {...} };
-- a site's own baht limits are kept, and kip starts at 50,000 to 50 million kip.
update settings set value = jsonb_build_object('BAHT', value,
                                               'LAK', '{"minMinor": 5000000, "maxMinor": 5000000000}'::jsonb)
where key = 'withdraw.limits' and value ? 'minMinor';
