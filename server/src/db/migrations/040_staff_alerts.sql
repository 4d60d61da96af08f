-- Alerts to the operator's group chat (modules/alerts): a large withdrawal, a game transfer stuck, a bank
-- line nobody matched, a ledger check that failed. Each is claimed once by its kind and subject (the
-- withdrawal, the transfer, the line, the failure's fingerprint), so every instance's timer may find the
-- same thing on every tick and it is still sent once; a send that fails is tried again later.
create table staff_alerts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('withdrawal_large', 'transfer_stuck', 'bank_line_unmatched', 'ledger_check')),
  subject text not null,
  -- What the message says (amounts in minor units, the member's phone, ...): written in the language of
  -- the configuration when it is sent.
  details jsonb not null,
  created_at timestamptz not null,
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  sent_at timestamptz,
  unique (kind, subject)
);
create index staff_alerts_unsent_idx on staff_alerts (next_attempt_at) where sent_at is null;
