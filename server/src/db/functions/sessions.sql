-- SH-18's bearer sessions: the one place their rules are read (issue 22). Every authenticated request
-- reads its session through session_member (http/auth.ts's sessionOfToken); a withdrawal or a game
-- transfer does so in the statement that moves the money (session_member in its FROM), and a batch of
-- them in one statement for all of its items (session_members). Unknown, revoked or expired is
-- 'invalid-token'; a member no longer active is 'INACTIVE_USER' (the caller then revokes the session: a
-- raise here would roll back a revocation made here); a live session is touched at most once a minute.
-- An expired session is refused, not deleted: a read does not write for it.

-- The members behind these token hashes, each with its refusal (null: a live session, touched here).
create or replace function session_members(p_hashes bytea[], p_now timestamptz, p_idle_ms bigint,
                                           p_remember_idle_ms bigint, p_touch_every_ms bigint)
returns table (token_hash bytea, member_id bigint, refusal text)
language plpgsql as $$
begin
  -- Idle expiry pushed forward, at most once a minute so that reads do not each write; never past the
  -- absolute expiry.
  update sessions s
  set last_seen_at = p_now,
      idle_expires_at = least(p_now + make_interval(secs => (case when s.remember then p_remember_idle_ms
                                                                  else p_idle_ms end) / 1000.0),
                              s.absolute_expires_at)
  where s.token_hash = any (p_hashes)
    and s.idle_expires_at > p_now and s.absolute_expires_at > p_now
    and p_now - s.last_seen_at >= make_interval(secs => p_touch_every_ms / 1000.0);
  return query
  select h.hash, s.member_id,
         case when s.member_id is null or s.idle_expires_at <= p_now or s.absolute_expires_at <= p_now
                then 'invalid-token'
              when m.status <> 'active' then 'INACTIVE_USER' end
  from unnest(p_hashes) as h (hash)
  left join sessions s on s.token_hash = h.hash
  left join members m on m.id = s.member_id;
end $$;

-- The member of one session, or its refusal raised with SQLSTATE P0008 (ledger/ledger.ts's refusalOf).
-- session_members' rules for one session, in one statement where that one needs no touch: it runs in every
-- authenticated request, where a set-returning call's own cost showed (300 us against 35 for the read).
create or replace function session_member(p_hash bytea, p_now timestamptz, p_idle_ms bigint,
                                          p_remember_idle_ms bigint, p_touch_every_ms bigint)
returns bigint
language plpgsql as $$
declare
  v_member bigint;
  v_status text;
  v_remember boolean;
  v_last_seen timestamptz;
  v_idle_end timestamptz;
  v_absolute_end timestamptz;
begin
  select s.member_id, m.status, s.remember, s.last_seen_at, s.idle_expires_at, s.absolute_expires_at
  into v_member, v_status, v_remember, v_last_seen, v_idle_end, v_absolute_end
  from sessions s join members m on m.id = s.member_id
  where s.token_hash = p_hash;
  if v_member is null or v_idle_end <= p_now or v_absolute_end <= p_now then
    raise exception 'invalid-token' using errcode = 'P0008';
  end if;
  if v_status <> 'active' then
    raise exception 'INACTIVE_USER' using errcode = 'P0008';
  end if;
  if p_now - v_last_seen >= make_interval(secs => p_touch_every_ms / 1000.0) then
    update sessions s
    set last_seen_at = p_now,
        idle_expires_at = least(p_now + make_interval(secs => (case when v_remember then p_remember_idle_ms
                                                                    else p_idle_ms end) / 1000.0),
                                v_absolute_end)
    where s.token_hash = p_hash;
  end if;
  return v_member;
end $$;
