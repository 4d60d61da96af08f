-- SPIN-2: a spin may carry the member's Idempotency-Key. A repeat of a key this member has
-- already spun with answers that spin again and takes no coin. The member's spin_members row lock orders
-- the lookup and the insert; the index makes a second spin under one key impossible whatever runs at once.
alter table spins add column idempotency_key text;
create unique index spins_member_idempotency_key on spins (member_id, idempotency_key)
  where idempotency_key is not null;
