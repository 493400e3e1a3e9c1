-- Leads and their transactional outbox. A lead and its delivery row are written
-- in one transaction (src/server/leads/accept-lead.ts); the worker
-- (src/server/outbox/) delivers pending rows and records every attempt.

CREATE TABLE IF NOT EXISTS leads (
  id uuid PRIMARY KEY,
  form text NOT NULL CHECK (form IN ('growth-audit', 'demo', 'contact', 'aria-signup')),
  status text NOT NULL CHECK (status IN ('accepted', 'spam')),
  fields jsonb NOT NULL,
  attribution jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- HMAC-SHA256 of the client address keyed with lead_settings.ip_hash_salt: never the raw address.
  ip_hash text,
  user_agent text
);
CREATE INDEX IF NOT EXISTS leads_created_at_idx ON leads (created_at);
CREATE INDEX IF NOT EXISTS leads_form_status_idx ON leads (form, status, created_at);

CREATE TABLE IF NOT EXISTS lead_deliveries (
  id uuid PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  -- Snapshot of the configured URL when the lead was accepted; NULL when none was configured.
  webhook_url text,
  status text NOT NULL CHECK (status IN ('pending', 'delivering', 'delivered', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  last_status integer,
  delivered_at timestamptz,
  -- A claim expires here, so a crashed worker's row is picked up again.
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS lead_deliveries_lead_idx ON lead_deliveries (lead_id);
CREATE INDEX IF NOT EXISTS lead_deliveries_due_idx ON lead_deliveries (next_attempt_at)
  WHERE status IN ('pending', 'delivering');
CREATE INDEX IF NOT EXISTS lead_deliveries_status_idx ON lead_deliveries (status);

CREATE TABLE IF NOT EXISTS lead_delivery_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  delivery_id uuid NOT NULL REFERENCES lead_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  http_status integer,
  error text
);
CREATE INDEX IF NOT EXISTS lead_delivery_attempts_delivery_idx ON lead_delivery_attempts (delivery_id, attempt);

-- Per-database settings; the IP hash salt is random, so a hash cannot be reversed by
-- hashing every IPv4 address without access to this table.
CREATE TABLE IF NOT EXISTS lead_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO lead_settings (key, value)
VALUES ('ip_hash_salt', md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text))
ON CONFLICT (key) DO NOTHING;
