-- The invite commission (INV-1), paid as a reward (rewards.sql) and computed from the bet feed's
-- game_daily_stats, where every round is counted once however often the feed is replayed
-- (docs/decisions.md "Invite commission and loss refund"). The operator's rule is the setting
-- invite.rules; the day is the operator's (UTC+7, as game_daily_stats.day).

-- The invite rate in force (a setting, read here so the wallet's summary is one statement).
create or replace function invite_rules() returns jsonb
language sql stable as $$ select coalesce((select value from settings where key = 'invite.rules'), '{}'::jsonb) $$;

-- Each invitee day of p_inviter (all inviters when null) with what it earns: the day's turnover in the
-- inviter's currency (an invitee playing in another currency earns nothing: the two cannot be added),
-- and its commission at the recorded rate, or at p_percent for a day not recorded yet.
create or replace function invite_days(p_inviter bigint, p_percent numeric)
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
create or replace function invite_accrue(p_inviter bigint, p_percent numeric, p_at timestamptz) returns void
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
create or replace function invite_summary(p_member bigint)
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
