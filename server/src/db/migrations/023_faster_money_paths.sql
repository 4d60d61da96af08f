-- Fewer lookups per posting (npm run bench:api), the same money rules.

-- A posting's entry and account are checked by the currency-aware foreign keys of 015 (entry_id, currency)
-- and (account_id, currency), whose columns are all not null: the plain ones of 002 checked the same rows
-- again, two lookups more for every posting.
alter table postings drop constraint postings_entry_id_fkey;
alter table postings drop constraint postings_account_id_fkey;
