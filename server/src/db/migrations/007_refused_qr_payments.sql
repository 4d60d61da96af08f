-- A QR payment the gateway reported but Krapao refused (the QR was cancelled or had expired, another amount,
-- a second payment of one QR, an unknown QR): the money sits at the gateway, so the operator must see it
-- to credit or refund the member by hand. Forged callbacks (bad signature) are only logged.
create table refused_qr_payments (
  id bigint generated always as identity primary key,
  provider text not null,
  order_id text not null,
  transaction_id text not null,
  amount bigint not null,
  paid_at timestamptz not null,
  reason text not null,
  member_id bigint references members (id),
  created_at timestamptz not null default now(),
  unique (provider, transaction_id)
);
