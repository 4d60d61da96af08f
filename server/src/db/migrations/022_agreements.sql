-- HOME-2: a member accepts the agreements once per version; a new version asks again. The version is
-- derived from the agreements themselves (db/functions/agreements.sql). What each version said is kept
-- the first time a member accepts it, so what a member agreed to can be shown later even after the
-- operator has changed the setting.

create table agreement_versions (
  version text primary key,
  agreements jsonb not null,
  first_accepted_at timestamptz not null
);

create table agreement_acceptances (
  member_id bigint not null references members (id),
  version text not null references agreement_versions (version),
  accepted_at timestamptz not null,
  primary key (member_id, version)
);
