-- The periodic review (docs/decisions.md "Player protection"): when the member last looked over their
-- limits and play at the app's prompt. Null: never; the prompt then counts from their registration.
alter table member_protection add column reviewed_at timestamptz;
