-- REF-1: rounds a provider reports after their period was refunded (a sport bet settled the next day, a
-- feed that caught up late) are refunded too, once. refund_period_figures leaves out the days a claim
-- covered, so such a round used to be lost to the refund for good. Now each covered day keeps the
-- figures a claim counted for it; a later claim adds what the day has gained since (the late figures,
-- loss or win) to its own period and counts it in turn. See docs/decisions.md "Late rounds and the
-- loss refund".
create table refund_counted_days (
  member_id bigint not null references members (id),
  day date not null,
  turnover bigint not null,
  win_loss bigint not null,
  primary key (member_id, day)
);

-- What the claims so far have counted: the days they cover, as the feed has them now (a round that came
-- late before this migration stays as the old rule left it, unrefunded, rather than be paid twice).
insert into refund_counted_days (member_id, day, turnover, win_loss)
select s.member_id, s.day, sum(s.turnover), sum(s.win_loss)
from game_daily_stats s
where exists (select 1 from refund_claims c
              where c.member_id = s.member_id and s.day >= c.period_start and s.day < c.period_end)
group by s.member_id, s.day;
