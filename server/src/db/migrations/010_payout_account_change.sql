-- PRO-3: a stolen session token must not be enough to cash out. Changing the payout
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
