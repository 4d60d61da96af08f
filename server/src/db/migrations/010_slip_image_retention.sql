-- Slip pictures are personal data (names, account numbers) and the bulk of the database: a settled slip's
-- picture is dropped after slip.imageRetentionDays (180 by default); the slip itself, its reference and
-- its outcome stay.
alter table slips alter column image drop not null;
create index slips_image_kept_idx on slips (created_at) where image is not null;
