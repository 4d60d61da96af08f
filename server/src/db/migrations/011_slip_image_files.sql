-- Slip pictures leave the database rows: the bytes go to a file store (disk by default,
-- SLIP_STORAGE_DIR) under image_key; slips.image keeps only pictures uploaded before this migration, until
-- the server moves them out at start-up (slips/image-store.ts). A slip whose image_key and image are both
-- null has had its picture dropped (retention) and answers SLIP_IMAGE_GONE.
alter table slips add column image_key text;

-- The hourly purge walks the kept pictures oldest first: settled slips after slip.imageRetentionDays...
drop index slips_image_kept_idx;
create index slips_image_kept_idx on slips (created_at) where image_key is not null or image is not null;
-- ...and FAILED slips after slip.failedImageRetentionDays (a few days).
create index slips_failed_image_kept_idx on slips (created_at)
  where status = 'FAILED' and (image_key is not null or image is not null);
-- The pictures still in rows, for the move at start-up.
create index slips_image_in_row_idx on slips (id) where image is not null;
