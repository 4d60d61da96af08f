-- Issue 9 item 7: the bet feed. Krapao pulls each provider's rounds by cursor (GameProvider.bets) into
-- per-member turnover and win/loss by provider and day, and moves each round's money in the ledger.
-- Bonuses, refunds and invites are computed from these figures, so a round must count once, whatever
-- happens: a page is taken in ONE transaction (game_bets_take) that inserts its rounds (unique by
-- provider and round id), adds the new ones to the day's figures, and advances the provider's cursor,
-- compare-and-set on the cursor the page was asked from. A pull that dies before its commit left nothing
-- and asks the same page again; one that dies after it resumes from the new cursor; a page seen twice
-- (a resumed pull, two instances pulling at once, a provider that sends a round again) adds nothing.
-- games/bets.ts is the only caller of these functions.

-- Where each provider's feed was read up to.
create table game_bet_cursors (
  provider text primary key references game_providers (code),
  cursor text,
  -- Rounds taken so far (new ones only), for the operator.
  rounds bigint not null default 0,
  pulled_at timestamptz
);

-- Every round a provider reported, once. member_id is null for a username that is no member's account
-- here (kept, never counted). `posted` says whether its money is in the ledger yet: a round whose money
-- the member's game account does not hold in the ledger yet (a transfer in that funded it is still
-- PENDING) waits, with every later round of that member at that provider, until it does.
create table game_rounds (
  provider text not null references game_providers (code),
  round_id text not null,
  seq bigint generated always as identity,
  member_id bigint references members (id),
  username text not null,
  currency text,
  bet bigint not null check (bet >= 0),
  win bigint not null check (win >= 0),
  played_at timestamptz not null,
  -- The day of play in Thailand and Laos (both UTC+7, no daylight saving): what "a day" means to a member.
  day date not null,
  posted boolean not null default false,
  pulled_at timestamptz not null,
  primary key (provider, round_id)
);
create index game_rounds_member_idx on game_rounds (member_id, played_at desc);
create index game_rounds_waiting_idx on game_rounds (provider, member_id, seq)
  where not posted and member_id is not null;

-- Turnover and win/loss per member, provider and day, in the member's currency: updated in the
-- transaction that inserts the rounds, so it is always the sum of game_rounds (a test recomputes it).
-- win_loss is the member's result, wins - turnover: negative when the member lost.
create table game_daily_stats (
  member_id bigint not null references members (id),
  provider text not null references game_providers (code),
  day date not null,
  currency text not null,
  rounds int not null,
  turnover bigint not null,
  wins bigint not null,
  win_loss bigint not null,
  primary key (member_id, provider, day)
);
create index game_daily_stats_day_idx on game_daily_stats (day);

-- Moves the money of the member's rounds that wait, in order, into the ledger: what the rounds won comes
-- from the provider's house account house:game:<CODE> into member:<id>:game:<CODE>, what they bet goes
-- back (two entries per member and batch, rather than two per round: a page of 500 rounds is a few
-- dozen postings, not a thousand). When the member's game account in the ledger would go below zero
-- (money the provider holds but Krapao has not posted yet: a transfer in still PENDING), the rounds wait
-- and are tried again by the next pull. The caller holds the provider's cursor row (one taker at a time).
create function game_rounds_post(p_provider text, p_members bigint[], p_at timestamptz)
returns int
language plpgsql as $$
declare
  v_r record;
  v_game text;
  v_balance bigint;
  v_posted int := 0;
begin
  for v_r in
    select r.member_id, min(r.seq) as first_seq, max(r.seq) as last_seq, count(*) as n,
           sum(r.bet)::bigint as bets, sum(r.win)::bigint as wins
    from game_rounds r
    where r.provider = p_provider and not r.posted and r.member_id is not null
      and (p_members is null or r.member_id = any (p_members))
    group by r.member_id
    order by r.member_id
  loop
    v_game := 'member:' || v_r.member_id || ':game:' || p_provider;
    select a.balance into v_balance from ledger_accounts a where a.code = v_game for update;
    if coalesce(v_balance, 0) + v_r.wins - v_r.bets < 0 then
      continue;
    end if;
    if v_r.wins > 0 then
      perform ledger_post('game_round', 'rounds:' || p_provider || ':' || v_r.first_seq || ':win',
                          v_r.member_id, p_at, array['house:game:' || p_provider, v_game],
                          array[-v_r.wins, v_r.wins]);
    end if;
    if v_r.bets > 0 then
      perform ledger_post('game_round', 'rounds:' || p_provider || ':' || v_r.first_seq || ':bet',
                          v_r.member_id, p_at, array[v_game, 'house:game:' || p_provider],
                          array[-v_r.bets, v_r.bets]);
    end if;
    update game_rounds r set posted = true
    where r.provider = p_provider and r.member_id = v_r.member_id and not r.posted
      and r.seq between v_r.first_seq and v_r.last_seq;
    v_posted := v_posted + v_r.n;
  end loop;
  return v_posted;
end $$;

-- Takes one page of a provider's feed, once: p_cursor is the cursor the page was asked from (null: the
-- beginning), p_next the one to resume from. When the stored cursor is no longer p_cursor another pull
-- took this page first: nothing is done ({stale: true}). Otherwise the rounds are inserted (a round id
-- seen before is skipped), the new ones added to the day's figures, the cursor advanced, and the money of
-- the page's members posted (game_rounds_post), all in this one transaction.
create function game_bets_take(p_provider text, p_cursor text, p_next text, p_round_ids text[],
                               p_usernames text[], p_bets bigint[], p_wins bigint[],
                               p_played_at timestamptz[], p_at timestamptz)
returns jsonb
language plpgsql as $$
declare
  v_cursor text;
  v_new int;
  v_members bigint[];
  v_posted int;
begin
  insert into game_bet_cursors (provider) values (p_provider) on conflict (provider) do nothing;
  select c.cursor into v_cursor from game_bet_cursors c where c.provider = p_provider for update;
  if v_cursor is distinct from p_cursor then
    return jsonb_build_object('stale', true);
  end if;

  with page as (
    select x.round_id, x.username, x.bet, x.win, x.played_at, x.n
    from unnest(p_round_ids, p_usernames, p_bets, p_wins, p_played_at)
         with ordinality as x (round_id, username, bet, win, played_at, n)
  ), inserted as (
    insert into game_rounds (provider, round_id, member_id, username, currency, bet, win, played_at, day,
                             pulled_at)
    select p_provider, p.round_id, g.member_id, p.username, m.currency, p.bet, p.win, p.played_at,
           (p.played_at at time zone 'Asia/Bangkok')::date, p_at
    from page p
    left join game_accounts g on g.provider = p_provider and g.username = p.username
    left join members m on m.id = g.member_id
    order by p.n
    on conflict (provider, round_id) do nothing
    returning member_id, currency, bet, win, day
  ), stats as (
    insert into game_daily_stats as s (member_id, provider, day, currency, rounds, turnover, wins, win_loss)
    select i.member_id, p_provider, i.day, i.currency, count(*), sum(i.bet), sum(i.win), sum(i.win - i.bet)
    from inserted i
    where i.member_id is not null
    group by i.member_id, i.day, i.currency
    on conflict (member_id, provider, day) do update
    set rounds = s.rounds + excluded.rounds,
        turnover = s.turnover + excluded.turnover,
        wins = s.wins + excluded.wins,
        win_loss = s.win_loss + excluded.win_loss
  )
  select count(*)::int, array_agg(distinct i.member_id) filter (where i.member_id is not null)
  into v_new, v_members
  from inserted i;

  update game_bet_cursors c set cursor = p_next, rounds = c.rounds + v_new, pulled_at = p_at
  where c.provider = p_provider;
  v_posted := case when v_members is null then 0 else game_rounds_post(p_provider, v_members, p_at) end;
  return jsonb_build_object('stale', false, 'taken', v_new, 'posted', v_posted);
end $$;

-- Posts the rounds that waited (their transfer in has settled since), under the provider's cursor lock.
create function game_rounds_post_waiting(p_provider text, p_at timestamptz)
returns int
language plpgsql as $$
begin
  insert into game_bet_cursors (provider) values (p_provider) on conflict (provider) do nothing;
  perform 1 from game_bet_cursors c where c.provider = p_provider for update;
  return game_rounds_post(p_provider, null, p_at);
end $$;

-- A transfer's answer reads its second leg by first_leg (games/transfers.ts answerOf): without an index
-- every answer scanned all transfers, a cost that grew with the table (found by npm run bench:api).
create index game_transfers_first_leg_idx on game_transfers (first_leg) where first_leg is not null;

-- A transfer as its member sees it (games/transfers.ts): the first leg, the second leg's status for a
-- game-to-game transfer, and the wallet; null when the reference is not the member's.
create function game_transfer_answer(p_reference text, p_member bigint) returns jsonb
language sql as $$
  select jsonb_build_object(
           'reference', t.reference, 'status', t.status, 'amount', t.amount::text,
           'from_account', t.from_account, 'to_account', t.to_account, 'then_to', t.then_to,
           'second_status', s.status,
           'wallet', coalesce((select a.balance from ledger_accounts a
                               where a.code = 'member:' || p_member || ':wallet'), 0)::text)
  from game_transfers t left join game_transfers s on s.first_leg = t.id
  where t.reference = p_reference and t.member_id = p_member
$$;

-- game_transfer_settle, and when no second leg begins, the answer of transfer p_answer_ref (null: none
-- wanted) read after it in the same round trip: the member's request settles and answers in one call.
create function game_transfer_settle_answer(p_reference text, p_final text, p_reason text, p_at timestamptz,
                                            p_next_check timestamptz, p_answer_ref text, p_member bigint)
returns table (settled boolean, next jsonb, answer jsonb)
language plpgsql as $$
declare
  v_settled boolean;
  v_next jsonb;
begin
  select s.settled, s.next into v_settled, v_next
  from game_transfer_settle(p_reference, p_final, p_reason, p_at, p_next_check) s;
  return query select v_settled, v_next,
    case when v_next is null and p_answer_ref is not null then game_transfer_answer(p_answer_ref, p_member) end;
end $$;
