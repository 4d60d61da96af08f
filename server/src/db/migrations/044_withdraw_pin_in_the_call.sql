-- wallet_withdraw refuses PIN_REQUIRED itself (db/functions/withdrawals.sql, p_pin_checked): a member
-- request without a PIN no longer asks withdrawal_pins in a round trip of its own before the money call.
-- The argument is new, so the old signature goes and the file makes the new one in this transaction. It
-- defaults to null, "the caller checked", so a running instance of the version before, which checks the
-- PIN first and calls with eight arguments, is answered as before until it is gone.
drop function if exists wallet_withdraw(bigint, text, bytea, bigint, bigint, text, text, boolean);
