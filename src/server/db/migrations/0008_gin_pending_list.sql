-- Generated as DROP INDEX + CREATE INDEX ... WITH (gin_pending_list_limit=256); the same parameter set in place instead,
-- so an upgrade does not rebuild the trigram index of every stored lead (schema.ts says why 256 kB).
ALTER INDEX "leads_search_idx" SET (gin_pending_list_limit = 256);
