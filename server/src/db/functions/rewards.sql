-- One model for every reward (docs/decisions.md "One model for every reward"): a bonus, a promotion, an
-- invite commission, a loss refund and a spin prize paid as credit are each money from the house's reward
-- pool into the member's wallet, with two exits.
--   success: the member's turnover since the credit (the bet feed, game_rounds) reaches percent_success %
--            of the credit; the credit is ordinary money from then on.
--   fail:    the member's balance (wallet and game accounts) falls below percent_fail % of the credit: it
--            has been played away and the reward ends.
-- While one is ACTIVE the member cannot withdraw (BONUS_REMAINING) nor take another (BONUS_ALREADY_ACTIVE).

-- Claims of one member are serialised by this lock (a transaction-level advisory lock), so a limit such
-- as "twice a day" is counted and the reward written without a second claim in between. Every claim path
-- takes it first, in the transaction that credits.
create or replace function reward_member_lock(p_member bigint) returns void
language sql as $$ select pg_advisory_xact_lock(727020, (p_member % 2147483647)::int) $$;

-- Where a limit's period starts in the operator's time zone: 'day' today's midnight, 'week' this week's
-- Monday midnight, anything else ('limit': in total) the beginning of time.
create or replace function reward_period_start(p_type text, p_at timestamptz, p_tz text) returns timestamptz
language sql immutable as $$
  select case p_type
           when 'day' then date_trunc('day', p_at at time zone p_tz) at time zone p_tz
           when 'week' then date_trunc('week', p_at at time zone p_tz) at time zone p_tz
           else '-infinity'::timestamptz end
$$;

-- The member's turnover since p_since in the given categories (null: all), from the bet feed.
create or replace function reward_turnover(p_member bigint, p_since timestamptz, p_categories text[])
returns bigint
language plpgsql stable as $$
begin
  return coalesce((select sum(r.bet) from game_rounds r join game_providers p on p.code = r.provider
                   where r.member_id = p_member and r.played_at >= p_since
                     and (p_categories is null or p.category = any (p_categories))), 0);
end $$;

-- What the member holds: the wallet and every game account (money on its way to a game included).
create or replace function reward_member_balance(p_member bigint) returns bigint
language plpgsql stable as $$
begin
  return coalesce((select sum(a.balance) from ledger_accounts a
                   where a.member_id = p_member and a.kind in ('member_wallet', 'member_game')), 0);
end $$;

-- Credits a reward: writes it and moves its money from the house's rewards account into the member's wallet, in the
-- caller's transaction (which holds reward_member_lock). A reward whose percent_success is 0 is ordinary
-- money at once (SUCCESS). Answers the reward's id, or null when this member has this claim already.
-- Another active reward: BONUS_ALREADY_ACTIVE (P0004), nothing written.
create or replace function reward_credit(p_member bigint, p_source text, p_source_ref text, p_title jsonb,
                                         p_amount bigint, p_percent_success numeric, p_percent_fail numeric,
                                         p_categories text[], p_at timestamptz)
returns bigint
language plpgsql as $$
declare
  v_id bigint;
  v_currency text;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'reward % of member % has no amount', p_source_ref, p_member;
  end if;
  select m.currency into v_currency from members m where m.id = p_member;
  if exists (select 1 from rewards r
             where r.member_id = p_member and r.source = p_source and r.source_ref = p_source_ref) then
    return null;
  end if;
  if exists (select 1 from rewards r where r.member_id = p_member and r.status = 'ACTIVE') then
    raise exception 'BONUS_ALREADY_ACTIVE' using errcode = 'P0004';
  end if;
  begin
    insert into rewards (member_id, source, source_ref, title, amount, currency, percent_success,
                         percent_fail, categories, status, created_at, ended_at)
    values (p_member, p_source, p_source_ref, coalesce(p_title, '{}'::jsonb), p_amount, v_currency,
            p_percent_success, p_percent_fail, p_categories,
            case when p_percent_success = 0 then 'SUCCESS' else 'ACTIVE' end, p_at,
            case when p_percent_success = 0 then p_at end)
    on conflict (member_id, source, source_ref) do nothing
    returning id into v_id;
  exception when unique_violation then
    -- rewards_one_active: another claim of this member committed an active reward meanwhile.
    raise exception 'BONUS_ALREADY_ACTIVE' using errcode = 'P0004';
  end;
  if v_id is null then
    return null;
  end if;
  perform ledger_post('reward', 'reward:' || v_id, p_member, p_at,
                      array[ledger_house_account('rewards'), ledger_member_account(p_member, 'wallet')],
                      array[-p_amount, p_amount], v_currency);
  return v_id;
end $$;

-- The active reward and how far each exit is: turnover done and needed (success), the balance and the
-- line it must not fall below (fail). No row when none is active.
create or replace function reward_progress(p_member bigint)
returns table (id bigint, source text, source_ref text, title jsonb, amount bigint, currency text,
               percent_success numeric, percent_fail numeric, categories text[], created_at timestamptz,
               turnover_done bigint, turnover_needed bigint, balance bigint, fail_below bigint)
language plpgsql stable as $$
begin
  return query
  select r.id, r.source, r.source_ref, r.title, r.amount, r.currency, r.percent_success, r.percent_fail,
         r.categories, r.created_at,
         reward_turnover(p_member, r.created_at, r.categories),
         ceil(r.amount * r.percent_success / 100)::bigint,
         reward_member_balance(p_member),
         ceil(r.amount * r.percent_fail / 100)::bigint
  from rewards r where r.member_id = p_member and r.status = 'ACTIVE';
end $$;

-- Ends the active reward when one of its exits holds: SUCCESS when the turnover is reached (checked
-- first: a member who met the turnover keeps the money whatever the balance), FAILED when the balance is
-- below the fail line. Answers the new status, 'ACTIVE' when no exit holds yet, null when none is active.
create or replace function reward_finish(p_member bigint, p_at timestamptz) returns text
language plpgsql as $$
declare
  v_p record;
  v_status text;
begin
  perform reward_member_lock(p_member);
  select * into v_p from reward_progress(p_member);
  if v_p.id is null then
    return null;
  end if;
  v_status := case when v_p.turnover_done >= v_p.turnover_needed then 'SUCCESS'
                   when v_p.balance < v_p.fail_below then 'FAILED'
                   else 'ACTIVE' end;
  if v_status <> 'ACTIVE' then
    update rewards set status = v_status, ended_at = p_at where rewards.id = v_p.id and status = 'ACTIVE';
    perform realtime_member_event(p_member, jsonb_build_object('type', 'balance'));
  end if;
  return v_status;
end $$;

-- BON-5: no withdrawal while a reward is active, whatever path asks for it (the database refuses it, so
-- a path added later cannot forget). The withdrawal service first ends a reward whose exit holds.
create or replace function withdrawal_refused_while_rewarded() returns trigger language plpgsql as $$
begin
  if exists (select 1 from rewards r where r.member_id = new.member_id and r.status = 'ACTIVE') then
    raise exception 'BONUS_REMAINING' using errcode = 'P0004';
  end if;
  return new;
end $$;
create or replace trigger withdrawals_refused_while_rewarded before insert on withdrawals
  for each row execute function withdrawal_refused_while_rewarded();
