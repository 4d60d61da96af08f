-- DEP-12: a member's deposit notice ("I have transferred this much") is answered by the credit that
-- brings that money, whatever its channel, so the statement shows one credited deposit instead of a
-- credited line beside a notice that stays in progress. The rule and the trigger that applies it are in
-- db/functions/deposits.sql.

-- The credit that answered this notice (the notice is then SUCCESS and the statement folds it into the
-- credit's line). Null for a waiting or expired notice, and for a notice the operator credited itself
-- (POST /api/ops/bank-feed/:reference/credit with noticeId), which is the deposit.
alter table deposits add column answered_by bigint unique references deposits (id);
