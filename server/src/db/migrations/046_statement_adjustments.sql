-- A staff adjustment (a four-eyes credit or debit, modules/staff/approvals.ts) is a line of the member's
-- statement (modules/statement/service.ts): found by member among the few entries of its kind, not by a
-- scan of every journal entry.
create index journal_entries_adjustments_idx on journal_entries (member_id, created_at) where kind = 'adjustment';
