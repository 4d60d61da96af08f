-- A QR payment the gateway reported but Krapao refused (paid at or after the QR's expiry, another amount,
-- a second payment of one QR, an unknown QR): the money sits at the gateway, so the operator must see it
-- and decide, once: credit it to the member after all (CREDITED) or have the gateway refund it (REFUNDED).
-- Forged callbacks (bad signature) are only logged.
create table refused_qr_payments (
  id bigint generated always as identity primary key,
  provider text not null,
  order_id text not null,
  transaction_id text not null,
  amount bigint not null,
  paid_at timestamptz not null,
  reason text not null,
  member_id bigint references members (id),
  resolution text check (resolution in ('CREDITED', 'REFUNDED')),   -- null while it waits
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  unique (provider, transaction_id)
);
