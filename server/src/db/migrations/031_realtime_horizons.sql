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
