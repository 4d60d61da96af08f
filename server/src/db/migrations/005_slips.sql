-- Deposit slips (SLIP-1 to SLIP-5): a member uploads the picture of a transfer slip; the server reads the
-- slip-verification QR on it, asks the bank about the transfer and credits it once per bank reference.

create table slips (
  id bigint generated always as identity primary key,
  public_id text not null unique,            -- the slipId the member sees; also names the image
  member_id bigint not null references members (id),
  status text not null check (status in ('PROCESSING', 'SUCCESS', 'FAILED')),
  note text,                                 -- SLIP-4 reason code of a FAILED slip
  image bytea,                               -- the uploaded bytes, never interpreted by anything but the decoder;
                                             -- null once dropped, slip.imageRetentionDays after a settled slip
  image_type text not null check (image_type in ('image/png', 'image/jpeg')),
  reference text,                            -- the bank's transRef read from the QR
  sending_bank text,                         -- the 3-digit clearing code read from the QR
  amount bigint check (amount > 0),          -- once the bank confirmed the transfer
  transferred_at timestamptz,
  attempts int not null default 0,
  -- PROCESSING slips are picked up when this time has passed: at once after the upload, later after a
  -- verifier outage, or when a verification that was under way was lost (a crash) and its lease ran out.
  next_attempt_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index slips_member_idx on slips (member_id, created_at desc, id desc);
create index slips_reference_idx on slips (reference);
create index slips_due_idx on slips (next_attempt_at) where status = 'PROCESSING';
-- The pictures still kept, oldest first, for the hourly purge (slips/service.ts purgeSlipImages).
create index slips_image_kept_idx on slips (created_at) where image is not null;
-- SLIP-5 backstop: one bank reference succeeds on at most one slip (bank_feed_items decides first).
create unique index slips_one_success_idx on slips (reference) where status = 'SUCCESS';

-- A slip claims its transfer's bank reference in bank_feed_items, where the bank feed also records it, so
-- the two channels credit one transfer once. slip_id says which slip did.
alter table bank_feed_items add column slip_id bigint references slips (id);
