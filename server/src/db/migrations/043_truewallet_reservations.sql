-- A True Wallet voucher being redeemed holds the most it can bring (its amount column, from the voucher
-- service's verify) against the member's deposit limits until it is credited or dropped
-- (db/functions/protection.sql protection_deposit_room): found by member among the few open claims.
create index truewallet_vouchers_redeeming_idx on truewallet_vouchers (member_id) where status = 'REDEEMING';
