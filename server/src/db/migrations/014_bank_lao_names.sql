-- A bank's Lao name, for Lao screens; null where the bank has none (the English name
-- shows). The seed fills the known ones, also in a database seeded before this column existed.
alter table banks add column name_la text;
