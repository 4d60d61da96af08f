-- Player protection (docs/decisions.md "Player protection"): one row per member who has used it, created
-- on first need. Its row lock is what serialises a member's QR creations and transfers into games
-- against the limits (db/functions/protection.sql protection_lock).
create table member_protection (
  member_id bigint primary key references members (id),
  -- The limits in force, in minor units of the member's currency; null is none.
  deposit_day bigint check (deposit_day > 0),
  deposit_week bigint check (deposit_week > 0),
  deposit_month bigint check (deposit_month > 0),
  loss_day bigint check (loss_day > 0),
  loss_week bigint check (loss_week > 0),
  loss_month bigint check (loss_month > 0),
  -- A requested increase or removal: the whole set asked for ({"depositDay": "50000" | null, ...}, minor
  -- units as text) and when it was asked; it may be confirmed 24 hours later.
  pending jsonb,
  pending_at timestamptz,
  reality_check_minutes int not null default 0 check (reality_check_minutes in (0, 15, 30, 60)),
  -- A time-out or self-exclusion and its end; never shortened.
  block_kind text check (block_kind in ('TIMEOUT', 'EXCLUSION')),
  block_until timestamptz,
  updated_at timestamptz not null,
  check ((pending is null) = (pending_at is null)),
  check ((block_kind is null) = (block_until is null))
);
