-- Rate-limit windows shared by every instance on one PostgreSQL server
-- (src/server/http/rate-limit.ts). One row per scope and hashed client address:
-- the current one-minute window and how many requests it has seen. Old rows are
-- deleted as new ones are written; nothing here identifies a visitor.
CREATE TABLE IF NOT EXISTS rate_limit_windows (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_windows_start_idx ON rate_limit_windows (window_start);
