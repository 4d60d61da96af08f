-- Idempotency keys of the money requests that run as one SQL function (wallet_withdraw,
-- game_transfer_begin); ledger/idempotency.ts keeps the same rule for requests whose work is in
-- TypeScript, in the same table.

-- Claims a request's Idempotency-Key in the request's own transaction. A new key answers claimed true: the
-- caller does the work, and its answer is stored with the key (p_response now, or by the caller once it
-- is known). A key used before answers claimed false with the first request's answer, and the caller moves
-- nothing; the same key with another request hash is IDEMPOTENCY_KEY_REUSED. A concurrent request with the
-- same key waits in the insert until the first one commits or rolls back; a refusal rolls the key back
-- with everything else, so a retry is tried afresh.
create or replace function idempotency_claim(p_member bigint, p_key text, p_hash bytea, p_response jsonb,
                                             out claimed boolean, out seen_response jsonb)
language plpgsql as $$
declare
  v_key text;
  v_seen_hash bytea;
begin
  insert into idempotency_keys (member_id, key, request_hash, response)
  values (p_member, p_key, p_hash, p_response)
  on conflict (member_id, key) do nothing
  returning key into v_key;
  claimed := v_key is not null;
  if claimed then
    return;
  end if;
  select k.request_hash, k.response into v_seen_hash, seen_response
  from idempotency_keys k where k.member_id = p_member and k.key = p_key;
  if v_seen_hash is null or v_seen_hash <> p_hash then
    raise exception 'IDEMPOTENCY_KEY_REUSED' using errcode = 'P0004';
  end if;
end $$;
