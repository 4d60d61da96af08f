-- The spin wheel (SPIN-1 to SPIN-4). Members earn coins by depositing, spend one per
-- spin; the draw is provably fair (contract/src/spin-fair.ts, docs/decisions.md "The wheel is provably
-- fair"); a prize is a coupon the member claims once before it expires: credit paid as a reward
-- (024_rewards.sql), coins, or nothing at all.

-- The wheel the member sees. One row: Krapao runs one wheel at a time, which the operator edits.
create table spin_wheels (
  id int primary key check (id = 1),
  name jsonb not null default '{}'::jsonb,
  active boolean not null default false,
  -- A coupon can be claimed for this many days after its spin (COUPON_EXPIRED after).
  coupon_valid_days int not null default 7 check (coupon_valid_days between 1 and 365)
);

-- The slices in the wheel's order (position 0 at the top, clockwise). weight is the slice's share of the
-- draw: probability = weight / sum(weights). Replaced as a whole by the operator; a spin keeps a copy of
-- the weights it was drawn over and a coupon a copy of its prize, so a later edit changes neither.
create table spin_slices (
  position int primary key check (position >= 0),
  code text not null unique,
  label jsonb not null,
  name jsonb not null,
  bg_color text not null,
  text_color text not null,
  html_description jsonb not null default '{}'::jsonb,
  weight int not null check (weight >= 0),
  prize_type text not null check (prize_type in ('credit', 'coins', 'nothing')),
  -- A credit prize in each currency, minor units (satang; kip x 100): {"BAHT": 5000, "LAK": 3000000}.
  amounts jsonb not null default '{}'::jsonb,
  coins int check (coins > 0),
  percent_success numeric(8, 2) not null default 0 check (percent_success >= 0),
  percent_fail numeric(8, 2) not null default 0 check (percent_fail >= 0 and percent_fail <= 100),
  check (prize_type <> 'coins' or coins is not null),
  check (prize_type <> 'credit' or (amounts ? 'BAHT' and amounts ? 'LAK'))
);

-- The coin rule per currency: one coin per amount_per_coin (minor units) of a successful deposit, at most
-- max_per_deposit coins from one deposit. A currency without a rule earns none.
create table spin_coin_rules (
  currency text primary key check (currency in ('BAHT', 'LAK')),
  amount_per_coin bigint not null check (amount_per_coin > 0),
  max_per_deposit int check (max_per_deposit > 0)
);

-- Each member's coins and provably fair state: the server seed the next spin uses (kept secret; only its
-- SHA-256 is shown), the member's client seed and the number of their next spin. The row is the lock that
-- orders one member's spins. Coins never go below zero, whatever runs at once.
create table spin_members (
  member_id bigint primary key references members (id),
  coins int not null default 0 check (coins >= 0),
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  next_spin int not null default 1 check (next_spin >= 1)
);

-- Every change of a member's coins with its reason: a deposit's coins are written once per deposit (the
-- unique key), whichever channel credited it and however often its row is touched.
create table spin_coin_moves (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  delta int not null check (delta <> 0),
  reason text not null check (reason in ('deposit', 'spin', 'prize', 'operator')),
  ref text not null,
  created_at timestamptz not null,
  unique (reason, ref)
);
create index spin_coin_moves_member_idx on spin_coin_moves (member_id, id desc);

-- Every spin with what proves it: the seeds (the server seed revealed as soon as the spin is drawn: each
-- spin has its own), the spin number and the weights it was drawn over.
create table spins (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  spin_number int not null,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  weights jsonb not null,
  code text not null,
  label jsonb not null,
  created_at timestamptz not null,
  unique (member_id, spin_number)
);

-- A prize to claim: a copy of the slice's prize at the spin. claimed_at is set once (claims of one coupon
-- are serialised by the member's reward lock and this row's lock).
create table spin_coupons (
  id bigint generated always as identity primary key,
  public_id text not null unique,
  member_id bigint not null references members (id),
  spin_id bigint not null unique references spins (id),
  code text not null,
  label jsonb not null,
  name jsonb not null,
  bg_color text not null,
  text_color text not null,
  html_description jsonb not null,
  prize_type text not null check (prize_type in ('credit', 'coins')),
  amount bigint check (amount > 0),
  coins int check (coins > 0),
  percent_success numeric(8, 2) not null,
  percent_fail numeric(8, 2) not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  claimed_at timestamptz
);
create index spin_coupons_member_idx on spin_coupons (member_id, id desc);
