-- Custom (drizzle-kit generate --custom): the inbox's substring search uses trigram indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. PGlite loads it in durable-pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
