-- HOME-2: a member accepts the agreements once per version; a new version asks again.
--
-- The version is derived from the agreements themselves, not kept beside them: the first 16 hex digits of
-- the SHA-256 of the 'site.agreements' setting as jsonb text (jsonb prints keys in one fixed order, so the
-- same agreements always give the same version, on PGlite and on PostgreSQL alike). An operator who edits
-- a text cannot forget to "bump" a number and leave members bound to words they never saw; the cost is
-- that fixing a typo asks every member once more, which is the honest answer for an agreement anyway.
-- What each version said is kept (agreement_versions) the first time a member accepts it, so what a
-- member agreed to can be shown later even after the operator has changed the setting.

create or replace function agreements_version_of(p_agreements jsonb) returns text
language sql immutable as $$
  select left(encode(sha256(convert_to(coalesce(p_agreements, '[]'::jsonb)::text, 'UTF8')), 'hex'), 16)
$$;

-- The version the members are asked to accept now.
create or replace function agreements_version() returns text
language sql stable as $$
  select agreements_version_of((select value from settings where key = 'site.agreements'))
$$;

-- POST /api/agreements/accept in one round trip. Answers the current version and, when p_version is it,
-- the time the member accepted it: the first acceptance's time on a repeat (idempotent), so a retried
-- request or a second tab changes nothing. A stale p_version (the operator changed the agreements after
-- the member's screen read them) answers a null time and records nothing.
create or replace function agreements_accept(p_member bigint, p_version text, p_at timestamptz)
returns table (current_version text, accepted_at timestamptz)
language plpgsql as $$
declare
  v_agreements jsonb;
  v_version text;
  v_at timestamptz;
begin
  select coalesce((select value from settings where key = 'site.agreements'), '[]'::jsonb) into v_agreements;
  v_version := agreements_version_of(v_agreements);
  if p_version <> v_version then
    return query select v_version, null::timestamptz;
    return;
  end if;
  insert into agreement_versions (version, agreements, first_accepted_at)
  values (v_version, v_agreements, p_at) on conflict (version) do nothing;
  insert into agreement_acceptances (member_id, version, accepted_at)
  values (p_member, v_version, p_at) on conflict (member_id, version) do nothing;
  select a.accepted_at into v_at from agreement_acceptances a
  where a.member_id = p_member and a.version = v_version;
  return query select v_version, v_at;
end $$;
