-- members.coin (001) has been unused since the spin wheel keeps each member's coins in spin_members (027):
-- the profile's coin is read from there and nothing reads or writes this column.
alter table members drop column if exists coin;
