-- Idempotency keys of the money requests that run as one SQL function (wallet_withdraw,
-- game_transfer_begin); ledger/idempotency.ts keeps the same rule for requests whose work is in
-- TypeScript, in the same table.
--
-- Such a function claims its request's key first, in its own transaction: an insert that does nothing
-- when the key is there already. A concurrent request with the same key waits in that insert until the
-- first one commits or rolls back; a refusal rolls the key back with everything else, so a retry is tried
-- afresh. A key that was there is answered by idempotency_replay.

-- A request whose key this member used before: the first request's answer, which the caller returns
-- moving nothing; the same key with another request hash is IDEMPOTENCY_KEY_REUSED.
create or replace function idempotency_replay(p_member bigint, p_key text, p_hash bytea) returns jsonb
language plpgsql stable as $$
declare
  v_seen_hash bytea;
  v_seen_response jsonb;
begin
  select k.request_hash, k.response into v_seen_hash, v_seen_response
  from idempotency_keys k where k.member_id = p_member and k.key = p_key;
  if v_seen_hash is null or v_seen_hash <> p_hash then
    raise exception 'IDEMPOTENCY_KEY_REUSED' using errcode = 'P0004';
  end if;
  return v_seen_response;
end $$;
