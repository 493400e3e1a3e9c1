-- Custom (drizzle-kit generate --custom): data only, no schema change.
-- lead_deliveries.webhook_url is a record of where a lead was sent, and before
-- this release it could hold a URL's user:password@ (n8n Basic Auth). Deliveries
-- now read the URL from the configuration at each attempt and record it without
-- credentials; this removes any stored before. Data only. During a rolling deploy
-- an older instance still posts to the stored URL, now without its password: a
-- Basic Auth receiver answers 401 and the delivery is retried, from a new instance.
UPDATE lead_deliveries
SET webhook_url = regexp_replace(webhook_url, '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@', '\1')
WHERE webhook_url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@';
