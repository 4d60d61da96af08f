-- Realtime events are pruned by horizons every instance shares, not by horizons each keeps in memory
-- (030). An instance kept the horizons it read and pruned by one read 10 minutes before, so an instance
-- pruned only once it had lived 10 minutes: a fleet whose instances all restart more often than that
-- (a deployment a few times an hour, a crash loop) never pruned, and the table grew without end.
-- Horizons here outlive the instance that read them: any instance prunes by any instance's old horizon.
-- A horizon (the oldest transaction running when it was read) only grows with time, so an event of a
-- transaction before a horizon read 10 minutes ago is older than 10 minutes.
create table realtime_horizons (
  read_at timestamptz not null,
  horizon xid8 not null
);

-- Records p_horizon as read at p_at, and deletes the events before the newest horizon read at least
-- p_keep before p_at (with the horizons that old: the events before them are gone). A row a minute per
-- instance; the delete goes by the xid index the outbox reads by.
create function realtime_prune(p_horizon xid8, p_at timestamptz, p_keep interval) returns void
language plpgsql as $$
declare
  v_old xid8;
begin
  insert into realtime_horizons (read_at, horizon) values (p_at, p_horizon);
  select max(h.horizon) into v_old from realtime_horizons h where h.read_at <= p_at - p_keep;
  if v_old is not null then
    delete from realtime_events e where e.xid < v_old;
    delete from realtime_horizons h where h.read_at <= p_at - p_keep;
  end if;
end $$;
