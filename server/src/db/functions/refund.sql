-- The loss refund (REF-1), paid as a reward (rewards.sql) and computed from the bet feed's
-- game_daily_stats (docs/decisions.md "Invite commission and loss refund" and "Late rounds and the loss
-- refund"). modules/refund/service.ts is its caller.

-- The member's turnover and result (wins minus bets) over the days [p_start, p_end), leaving out days a
-- refund has covered already.
create or replace function refund_period_figures(p_member bigint, p_start date, p_end date)
returns table (turnover bigint, win_loss bigint)
language sql stable as $$
  select coalesce(sum(s.turnover), 0)::bigint, coalesce(sum(s.win_loss), 0)::bigint
  from game_daily_stats s
  where s.member_id = p_member and s.day >= p_start and s.day < p_end
    and not exists (select 1 from refund_claims c
                    where c.member_id = p_member and s.day >= c.period_start and s.day < c.period_end)
$$;
