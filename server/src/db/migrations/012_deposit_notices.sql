-- DEP-12 answered (issue 7, item 9): a member's deposit notice ("I have transferred this much") is
-- answered by the credit that brings that money, whatever its channel (bank feed, slip, QR, True Wallet,
-- an operator's credit), so the statement shows one credited deposit instead of a credited line beside
-- a notice that stays in progress. A notice nobody answers expires as such after its window and is never
-- matched later.
--
-- The rule, written once here: a credit answers a notice of the same member and the same amount when
-- it arrives from 15 minutes before the notice (the bank feed is often quicker than the member) until
-- 60 minutes after it (deposit_notice_expires_at); the oldest waiting notice is answered first, and
-- each credit answers at most one notice (answered_by is unique).

-- The credit that answered this notice (the notice is then SUCCESS and the statement folds it into the
-- credit's line). Null for a waiting or expired notice, and for a notice the operator credited itself
-- (POST /api/ops/bank-feed/:reference/credit with noticeId), which is the deposit.
alter table deposits add column answered_by bigint unique references deposits (id);

create function deposit_notice_expires_at(p_notice_at timestamptz) returns timestamptz
language sql immutable as $$ select p_notice_at + interval '60 minutes' $$;

create function deposit_notice_answers(p_notice_at timestamptz, p_credit_at timestamptz) returns boolean
language sql immutable as $$
  select p_credit_at >= p_notice_at - interval '15 minutes'
     and p_credit_at < deposit_notice_expires_at(p_notice_at)
$$;

-- A notice and a credit of one member that are written at the same moment must still meet: each side
-- takes this per-member lock before it looks for the other, so the second one sees the first committed.
-- Only these two functions take it, so it cannot form a cycle with the row locks of the credit paths.
create function deposit_notice_lock(p_member bigint) returns void
language sql as $$ select pg_advisory_xact_lock(727012, (p_member % 2147483647)::int) $$;

-- A credit (any channel) answers the oldest waiting notice it fits. A trigger rather than a call in each
-- credit path, so that every channel counts, today's and the ones to come, and bank_feed_credit, the
-- slips and the operator's credit need no change.
create function deposit_answers_notice() returns trigger
language plpgsql as $$
begin
  perform deposit_notice_lock(new.member_id);
  update deposits n set status = 'SUCCESS', answered_by = new.id
  where n.id = (select w.id from deposits w
                where w.member_id = new.member_id and w.channel = 'NOTICE' and w.status = 'PENDING'
                  and w.amount = new.amount and deposit_notice_answers(w.created_at, new.created_at)
                order by w.created_at, w.id limit 1);
  return null;
end $$;
create trigger deposits_answer_notice after insert on deposits
  for each row when (new.channel <> 'NOTICE' and new.status = 'SUCCESS')
  execute function deposit_answers_notice();

-- POST /api/wallet/add: records the notice; a credit of that amount that arrived just before it (and
-- answers no other notice) answers it at once. Answers the notice's id and status (PENDING or SUCCESS).
create function deposit_notice_add(p_member bigint, p_amount bigint, p_at timestamptz)
returns table (notice_id bigint, notice_status text)
language plpgsql as $$
declare
  v_credit bigint;
begin
  perform deposit_notice_lock(p_member);
  select c.id into v_credit from deposits c
  where c.member_id = p_member and c.channel <> 'NOTICE' and c.status = 'SUCCESS' and c.amount = p_amount
    and deposit_notice_answers(p_at, c.created_at)
    and not exists (select 1 from deposits n where n.answered_by = c.id)
  order by c.created_at, c.id limit 1;
  return query
  insert into deposits (member_id, channel, amount, status, answered_by, created_at)
  values (p_member, 'NOTICE', p_amount, case when v_credit is null then 'PENDING' else 'SUCCESS' end,
          v_credit, p_at)
  returning deposits.id, deposits.status;
end $$;
