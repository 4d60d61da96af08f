-- Issue 10 items 2 and 3: the invite commission (INV-1) and the loss refund (REF-1), both paid as rewards
-- (024_rewards.sql) and both computed from the bet feed (019_bet_feed.sql: game_daily_stats, where every
-- round is counted once however often the feed is replayed). docs/decisions.md "Invite commission and
-- loss refund". The operator's rules are the settings invite.rules and refund.rules (db/seed.ts; changed
-- through the operator API, audited); the day is the operator's (Asia/Bangkok, Asia/Vientiane: both
-- UTC+7, as game_daily_stats.day).

-- Invitees are found by their inviter (GET /api/wallet reads the commission on every call).
create index members_invited_by_idx on members (invited_by) where invited_by is not null;

-- The commission ledger: one row per invitee and day of play, the invitee's turnover that day in the
-- inviter's currency and the commission it earned at the rate recorded when the day was first written
-- (a later change of the rate applies to days not written yet). A row is written again, never added to:
-- its turnover is the day's figure read from game_daily_stats, so accruing twice, or after a replayed
-- feed, gives the same row.
create table invite_accruals (
  invitee_id bigint not null references members (id),
  day date not null,
  inviter_id bigint not null references members (id),
  currency text not null,
  turnover bigint not null check (turnover >= 0),
  percent numeric(8, 4) not null,
  commission bigint not null check (commission >= 0),
  updated_at timestamptz not null,
  primary key (invitee_id, day)
);
create index invite_accruals_inviter_idx on invite_accruals (inviter_id);

-- Each collection (GET /api/invite/bonus): numbered per member; its reward's reference is 'collect:<n>',
-- so the same collection cannot pay twice. What is collectable is the commission earned minus these.
create table invite_collections (
  member_id bigint not null references members (id),
  n int not null,
  amount bigint not null check (amount > 0),
  reward_id bigint not null references rewards (id),
  created_at timestamptz not null,
  primary key (member_id, n)
);

-- The invite rate in force (a setting, read here so the wallet's summary is one statement).
create function invite_rules() returns jsonb
language sql stable as $$ select coalesce((select value from settings where key = 'invite.rules'), '{}'::jsonb) $$;

-- Each invitee day of p_inviter (all inviters when null) with what it earns: the day's turnover in the
-- inviter's currency (an invitee playing in another currency earns nothing: the two cannot be added),
-- and its commission at the recorded rate, or at p_percent for a day not recorded yet.
create function invite_days(p_inviter bigint, p_percent numeric)
returns table (invitee_id bigint, day date, inviter_id bigint, currency text, turnover bigint,
               percent numeric, commission bigint, recorded boolean)
language sql stable as $$
  with s as (
    select g.member_id, g.day, i.id as inviter_id, i.currency, sum(g.turnover)::bigint as turnover
    from members i
    join members m on m.invited_by = i.id
    join game_daily_stats g on g.member_id = m.id and g.currency = i.currency
    where p_inviter is null or i.id = p_inviter
    group by g.member_id, g.day, i.id, i.currency
  )
  select s.member_id, s.day, s.inviter_id, s.currency, s.turnover, coalesce(a.percent, p_percent),
         floor(s.turnover * coalesce(a.percent, p_percent) / 100)::bigint, a.invitee_id is not null
  from s left join invite_accruals a on a.invitee_id = s.member_id and a.day = s.day
$$;

-- Records the commission of p_inviter's invitees (all inviters when null) up to now: new days at
-- p_percent, known days with their turnover brought up to date at their own rate. Idempotent.
create function invite_accrue(p_inviter bigint, p_percent numeric, p_at timestamptz) returns void
language plpgsql as $$
begin
  insert into invite_accruals as a (invitee_id, day, inviter_id, currency, turnover, percent, commission,
                                    updated_at)
  select d.invitee_id, d.day, d.inviter_id, d.currency, d.turnover, d.percent, d.commission, p_at
  from invite_days(p_inviter, p_percent) d
  on conflict (invitee_id, day) do update
  set turnover = excluded.turnover, commission = floor(excluded.turnover * a.percent / 100)::bigint,
      updated_at = excluded.updated_at
  where a.turnover <> excluded.turnover;
end $$;

-- GET /api/wallet's invite summary: the commission collectable now (earned minus collected; 0 while
-- the programme is off) and the reward's two percentages.
create function invite_summary(p_member bigint)
returns table (amount bigint, success numeric, fail numeric)
language sql stable as $$
  with r as (select invite_rules() as v)
  select case when coalesce((r.v ->> 'active')::boolean, false)
              then greatest(0, coalesce((select sum(d.commission) from invite_days(
                                            p_member, coalesce((r.v ->> 'percent')::numeric, 0)) d), 0)
                               - coalesce((select sum(c.amount) from invite_collections c
                                           where c.member_id = p_member), 0))::bigint
              else 0 end,
         coalesce((r.v ->> 'percentSuccess')::numeric, 0),
         coalesce((r.v ->> 'percentFail')::numeric, 0)
  from r
$$;

-- The refunds paid: one per member and period, whichever of the two choices (receive, addWallet); the
-- days it covers [period_start, period_end) never count in another refund, even when the operator
-- switches between daily and weekly.
create table refund_claims (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  period text not null check (period in ('daily', 'weekly')),
  period_start date not null,
  period_end date not null,
  kind text not null check (kind in ('receive', 'addWallet')),
  turnover bigint not null,
  net_loss bigint not null check (net_loss > 0),
  percent numeric(8, 4) not null,
  amount bigint not null check (amount > 0),
  reward_id bigint not null references rewards (id),
  created_at timestamptz not null,
  unique (member_id, period, period_start),
  check (period_end > period_start)
);
create index refund_claims_member_idx on refund_claims (member_id, created_at desc);

-- The member's turnover and result (wins minus bets) over the days [p_start, p_end), leaving out days a
-- refund has covered already.
create function refund_period_figures(p_member bigint, p_start date, p_end date)
returns table (turnover bigint, win_loss bigint)
language sql stable as $$
  select coalesce(sum(s.turnover), 0)::bigint, coalesce(sum(s.win_loss), 0)::bigint
  from game_daily_stats s
  where s.member_id = p_member and s.day >= p_start and s.day < p_end
    and not exists (select 1 from refund_claims c
                    where c.member_id = p_member and s.day >= c.period_start and s.day < c.period_end)
$$;
