-- Issue 17 (ADR 0157): the staff search finds the beginning of an address (`taro@`) by prefix. A B-tree
-- serves LIKE 'x%' only with the pattern operator class (or the C collation), so it is named here.
CREATE INDEX "users_email_prefix" ON "users" USING btree (lower("email") text_pattern_ops);