-- What the operator did about a refused QR payment: credited it to the member after all (CREDITED), or
-- refunded it at the gateway (REFUNDED). Null while it waits; each is settled once.
alter table refused_qr_payments
  add column resolution text check (resolution in ('CREDITED', 'REFUNDED')),
  add column resolved_at timestamptz;
