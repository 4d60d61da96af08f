-- BON-1 to BON-5: the operator's bonuses and promotion codes. Each claim pays a reward
-- of the one model (024_rewards.sql) through reward_credit, under reward_member_lock; this file keeps
-- only what the operator configures and which claim used which deposit. docs/decisions.md "Bonuses and
-- promotion codes" defines the qualifying deposit.

-- A bonus: per currency (a Thai and a Lao build may both offer WELCOME, in baht and in kip).
create table bonuses (
  id bigint generated always as identity primary key,
  code text not null check (code ~ '^[A-Z0-9_-]{2,32}$'),
  currency text not null check (currency in ('BAHT', 'LAK')),
  -- {"th": ..., "la": ..., "en": ...}; notice may hold %percentFail%, filled by the client.
  name jsonb not null,
  notice jsonb not null default '{}'::jsonb,
  -- [{"image": "/programmes/x.svg", "html": "..."}]; the web cleans the HTML with an allow-list.
  banners jsonb not null default '[]'::jsonb,
  -- BON-2: maxReceived claims in total (limit), per day or per week in the operator's time zone.
  type text not null check (type in ('limit', 'day', 'week')),
  max_received int not null check (max_received > 0),
  -- What a claim pays: reward_percent % of the qualifying deposit up to reward_max, or reward_fixed.
  reward_kind text not null check (reward_kind in ('percent', 'fixed')),
  reward_percent numeric(8, 2),
  reward_max bigint,
  reward_fixed bigint,
  min_deposit bigint not null default 0 check (min_deposit >= 0),
  categories text[] check (categories <@ array['slot', 'sport', 'lotto']),
  percent_success numeric(8, 2) not null check (percent_success >= 0),
  percent_fail numeric(8, 2) not null check (percent_fail >= 0 and percent_fail <= 100),
  active boolean not null default true,
  sort int not null default 0,
  updated_at timestamptz not null default now(),
  unique (code, currency),
  check ((reward_kind = 'percent' and reward_percent > 0 and reward_max > 0)
         or (reward_kind = 'fixed' and reward_fixed > 0))
);

-- A promotion code: the same reward rule, once per member, a total number of claims (BONUS_FULL) and
-- dates between which it can be found and received.
create table promotions (
  id bigint generated always as identity primary key,
  code text not null check (code ~ '^[A-Z0-9_-]{2,32}$'),
  currency text not null check (currency in ('BAHT', 'LAK')),
  description jsonb not null,
  reward_kind text not null check (reward_kind in ('percent', 'fixed')),
  reward_percent numeric(8, 2),
  reward_max bigint,
  reward_fixed bigint,
  min_deposit bigint not null default 0 check (min_deposit >= 0),
  categories text[] check (categories <@ array['slot', 'sport', 'lotto']),
  percent_success numeric(8, 2) not null check (percent_success >= 0),
  percent_fail numeric(8, 2) not null check (percent_fail >= 0 and percent_fail <= 100),
  -- Claims in total; null: no total. `claimed` is raised in the claim's transaction under the row's lock.
  total_cap int check (total_cap > 0),
  claimed int not null default 0 check (total_cap is null or claimed <= total_cap),
  valid_from timestamptz,
  valid_to timestamptz,
  active boolean not null default true,
  updated_at timestamptz not null default now(),
  unique (code, currency),
  check ((reward_kind = 'percent' and reward_percent > 0 and reward_max > 0)
         or (reward_kind = 'fixed' and reward_fixed > 0))
);

-- Every claim of a bonus or a promotion: the reward it paid and the deposit it used. A deposit pays at
-- most one claim (unique), and a member receives a promotion once (the partial unique index), whatever
-- the code above them does.
create table bonus_claims (
  reward_id bigint primary key references rewards (id),
  member_id bigint not null references members (id),
  bonus_id bigint references bonuses (id),
  promotion_id bigint references promotions (id),
  deposit_id bigint unique references deposits (id),
  created_at timestamptz not null,
  check ((bonus_id is null) <> (promotion_id is null))
);
create index bonus_claims_member_bonus_idx on bonus_claims (member_id, bonus_id, created_at);
create unique index bonus_claims_one_promotion on bonus_claims (member_id, promotion_id)
  where promotion_id is not null;
