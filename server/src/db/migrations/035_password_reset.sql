-- Two more purposes of a code sent by SMS (otp/service.ts):
-- 'password-reset' (POST /api/account/forgot, taken by POST /api/account/reset) and 'login' (past the
-- per-account limit of wrong passwords, the right password needs a code too: LOG-3).
-- Both may be decoys: a code never sent, of no member (member_id null), so that a phone that is no
-- member's, or a wrong password, is answered exactly as the real thing, under the same limits.
alter table otps drop constraint otps_purpose_check;
alter table otps add constraint otps_purpose_check
  check (purpose in ('register', 'bank-change', 'password-reset', 'login'));
alter table otps drop constraint otps_member_purpose;
alter table otps add constraint otps_member_purpose check (
  case purpose
    when 'register' then member_id is null
    when 'bank-change' then member_id is not null
    else true
  end
);
