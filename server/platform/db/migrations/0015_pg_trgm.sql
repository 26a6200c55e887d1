-- Trigram indexes (issue 17, ADR 0123): the staff and public searches match a word anywhere in a name
-- (`like '%…%'`), which a B-tree cannot serve; a GIN trigram index can. pg_trgm ships with PostgreSQL
-- (a trusted extension: the database owner may create it) and with PGlite (loaded by db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
