-- Player protection (docs/decisions.md "Player protection"): what a member's limits allow now. The
-- member's member_protection row is locked by every check that must not race another (QR creations, a
-- transfer into a game), so two requests of one member see each other's effect. modules/protection/ and
-- the money paths that consult it (deposits' QR creation, game_transfer_begin) are the callers.

-- The periods a limit counts in: the Bangkok calendar day, week (from Monday, as date_trunc's ISO week)
-- and month that hold p_at. Thailand and Laos share UTC+7 without daylight saving.
create or replace function protection_periods(p_at timestamptz, out day_start timestamptz,
                                              out week_start timestamptz, out month_start timestamptz)
language sql stable as $$
  select date_trunc('day', l) at time zone 'Asia/Bangkok',
         date_trunc('week', l) at time zone 'Asia/Bangkok',
         date_trunc('month', l) at time zone 'Asia/Bangkok'
  from (select p_at at time zone 'Asia/Bangkok' as l) t
$$;

-- What the current day, week and month have used: gross credited deposits of every channel (a deposit
-- notice is not money), and the net loss of the bet feed's rounds (stakes minus wins, 0 when ahead).
create or replace function protection_used(p_member bigint, p_at timestamptz,
                                           out deposit_day bigint, out deposit_week bigint,
                                           out deposit_month bigint, out loss_day bigint,
                                           out loss_week bigint, out loss_month bigint)
language sql stable as $$
  with p as (select * from protection_periods(p_at)),
  d as (
    select coalesce(sum(x.amount) filter (where x.created_at >= p.day_start), 0)::bigint as dd,
           coalesce(sum(x.amount) filter (where x.created_at >= p.week_start), 0)::bigint as dw,
           coalesce(sum(x.amount) filter (where x.created_at >= p.month_start), 0)::bigint as dm
    from p left join deposits x
      on x.member_id = p_member and x.channel <> 'NOTICE' and x.status = 'SUCCESS'
     and x.created_at >= least(p.week_start, p.month_start)
    group by p.day_start, p.week_start, p.month_start
  ),
  r as (
    select coalesce(sum(g.bet - g.win) filter (where g.played_at >= p.day_start), 0)::bigint as ld,
           coalesce(sum(g.bet - g.win) filter (where g.played_at >= p.week_start), 0)::bigint as lw,
           coalesce(sum(g.bet - g.win) filter (where g.played_at >= p.month_start), 0)::bigint as lm
    from p left join game_rounds g
      on g.member_id = p_member and g.played_at >= least(p.week_start, p.month_start)
    group by p.day_start, p.week_start, p.month_start
  )
  select d.dd, d.dw, d.dm, greatest(r.ld, 0), greatest(r.lw, 0), greatest(r.lm, 0) from d, r
$$;

-- The member's protection row, locked until commit; null (no row) when the member never set anything.
create or replace function protection_lock(p_member bigint) returns member_protection
language sql as $$ select * from member_protection where member_id = p_member for update $$;

-- The least a deposit may still be under every deposit limit in force, open QR codes counted as if paid
-- (a QR at p_except_provider is left out: a new QR there replaces it) and True Wallet vouchers being
-- redeemed at the most they can bring (their amount, set once checked against the limits); null when no
-- deposit limit is set. Negative when money that cannot be refused (a bank transfer, a slip) went beyond
-- a limit.
create or replace function protection_deposit_room(p_row member_protection, p_at timestamptz,
                                                   p_except_provider text)
returns bigint
language plpgsql stable as $$
declare
  v_used record;
  v_open bigint;
begin
  if p_row.member_id is null
     or coalesce(p_row.deposit_day, p_row.deposit_week, p_row.deposit_month) is null then
    return null;
  end if;
  select * into v_used from protection_used(p_row.member_id, p_at);
  select coalesce(sum(q.amount), 0) into v_open from qrcodes q
  where q.member_id = p_row.member_id and q.status = 'CREATED' and q.expires_at > p_at
    and q.provider is distinct from p_except_provider;
  v_open := v_open + (select coalesce(sum(v.amount), 0) from truewallet_vouchers v
                      where v.member_id = p_row.member_id and v.status = 'REDEEMING');
  return least(p_row.deposit_day - v_used.deposit_day, p_row.deposit_week - v_used.deposit_week,
               p_row.deposit_month - v_used.deposit_month) - v_open;
end $$;

-- A deposit the member asks for (a QR of p_amount at p_provider; a True Wallet voucher at the most it can
-- bring, p_amount null for the first look before its amount is asked): locks the member's row and answers
-- the refusal, if any (SELF_EXCLUDED, DEPOSIT_LIMIT), and what may still be deposited (null: no limit).
-- Called inside the transaction that records the QR or the voucher's claim, so concurrent requests of one
-- member are decided one after another.
create or replace function protection_deposit_check(p_member bigint, p_provider text, p_amount bigint,
                                                    p_at timestamptz, p_min bigint,
                                                    out refusal text, out room bigint)
language plpgsql as $$
declare
  v member_protection;
begin
  v := protection_lock(p_member);
  if v.block_until > p_at then
    refusal := 'SELF_EXCLUDED';
    return;
  end if;
  room := protection_deposit_room(v, p_at, p_provider);
  if room is not null and (p_amount > room or room < p_min) then
    refusal := 'DEPOSIT_LIMIT';
    room := greatest(room, 0);
  end if;
end $$;

-- Before money goes into a game: refuses during a time-out or self-exclusion (SELF_EXCLUDED) and once a
-- loss limit of the current period is reached (LOSS_LIMIT), raised as P0004 like every money refusal.
-- Answers how much of the wallet is held back: deposits beyond a deposit limit (a bank transfer or a
-- slip, which cannot be refused) stay withdrawable but not playable until the period allows.
create or replace function protection_play_check(p_member bigint, p_at timestamptz) returns bigint
language plpgsql as $$
declare
  v member_protection;
  u record;
begin
  v := protection_lock(p_member);
  if v.member_id is null then
    return 0;
  end if;
  if v.block_until > p_at then
    raise exception 'SELF_EXCLUDED' using errcode = 'P0004';
  end if;
  if coalesce(v.loss_day, v.loss_week, v.loss_month, v.deposit_day, v.deposit_week, v.deposit_month) is null then
    return 0;
  end if;
  select * into u from protection_used(p_member, p_at);
  if u.loss_day >= v.loss_day or u.loss_week >= v.loss_week or u.loss_month >= v.loss_month then
    raise exception 'LOSS_LIMIT' using errcode = 'P0004';
  end if;
  return greatest(0, u.deposit_day - v.deposit_day, u.deposit_week - v.deposit_week,
                  u.deposit_month - v.deposit_month);
end $$;
