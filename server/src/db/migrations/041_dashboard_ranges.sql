-- The console's dashboard sums journal entries and bet-feed rounds over a range of days, and the alerts
-- look at the last day's withdrawals. These tables are written in about time order (entries never
-- change; a round only gains its posted flag, a withdrawal its status), which is what a BRIN index needs:
-- a few pages that map block ranges to times, almost free to keep up on the money paths, instead of a
-- scan of the whole table.
create index journal_entries_created_brin on journal_entries using brin (created_at);
create index game_rounds_played_brin on game_rounds using brin (played_at);
create index withdrawals_created_brin on withdrawals using brin (created_at);
