-- A refused slip a staff member has looked at (the console's slips queue, modules/slips/console.ts): who
-- and when. It then leaves the queue and its tile; the audit keeps the reason.
alter table slips add column handled_at timestamptz;
alter table slips add column handled_by text;
