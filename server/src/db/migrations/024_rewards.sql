-- One model for every reward (docs/decisions.md "One model for every reward"). A bonus, a
-- promotion, an invite commission, a loss refund and a spin prize paid as credit are each a reward: money
-- from the house's reward pool into the member's wallet, with two exits.
--   success: the member's turnover since the credit (the bet feed, game_rounds) reaches percent_success %
--            of the credit; the credit is ordinary money from then on (finish_bonus in the statement).
--   fail:    the member's balance (wallet and game accounts) falls below percent_fail % of the credit: it
--            has been played away and the reward ends.
-- While one is ACTIVE the member cannot withdraw (BONUS_REMAINING) nor take another (BONUS_ALREADY_ACTIVE);
-- GET /api/bonus/clear ends it only when an exit holds (BONUS_CONDITION otherwise). The functions that
-- credit and end rewards are in db/functions/rewards.sql.
create table rewards (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  source text not null check (source in ('bonus', 'promotion', 'invite', 'refund', 'spin')),
  -- What paid it: a bonus code with its claim number, a promotion code, an invite collection, a refund
  -- period, a coupon. Unique per member and source: the same claim sent twenty times at once pays once.
  source_ref text not null,
  -- What the member reads in the statement beside the line: {"th": ..., "la": ..., "en": ...}.
  title jsonb not null default '{}'::jsonb,
  amount bigint not null check (amount > 0),
  currency text not null check (currency in ('BAHT', 'LAK')),
  percent_success numeric(8, 2) not null check (percent_success >= 0),
  percent_fail numeric(8, 2) not null check (percent_fail >= 0 and percent_fail <= 100),
  -- The game categories whose rounds count as turnover (slot, sport, lotto); null counts every round.
  categories text[],
  status text not null check (status in ('ACTIVE', 'SUCCESS', 'FAILED')),
  created_at timestamptz not null,
  ended_at timestamptz,
  unique (member_id, source, source_ref)
);
-- At most one active reward per member: the database, not a check in the code, refuses a second.
create unique index rewards_one_active on rewards (member_id) where status = 'ACTIVE';
create index rewards_member_idx on rewards (member_id, created_at desc);
