-- Custom (drizzle-kit generate --custom): the triggers that keep 0006's figures, and the figures for what is already
-- stored. The overview and the inbox's totals read these instead of counting 100,000 leads (bench/results/inbox.md).
--
-- lead_daily_counts is kept by statement triggers on leads, in the same transaction as the change, so it always equals
--   SELECT (created_at AT TIME ZONE 'UTC')::date, form, status, lead_source(attribution), count(*) FROM leads GROUP BY 1, 2, 3, 4
-- (tests/integration/lead-daily-counts.integ.ts holds it to that). A statement that inserts many leads (group commit)
-- updates each of its days, forms and sources once; an update that changes none of them touches no counter. Counters
-- are updated in key order, so two transactions never wait for each other's counters in opposite orders.
--
-- lead_deliveries.form is the lead's form (which never changes). This release writes it with the delivery; for a writer
-- that does not (an instance still on the previous release), a statement trigger fills it in once the statement's
-- leads exist (accept-lead.ts inserts a lead and its delivery in one statement, so a row trigger could not see it).
--
-- The triggers exist before the backfills below read the tables: CREATE TRIGGER locks out writers until this commits.

-- Where a lead came from: utm_source, else the referrer's host, else 'direct' (the overview's sources).
CREATE FUNCTION lead_source(attribution jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(nullif(attribution->>'utm_source', ''), substring(attribution->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), 'direct');
--> statement-breakpoint
CREATE FUNCTION lead_daily_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_daily_counts AS c (day, form, status, source, leads)
    SELECT (created_at AT TIME ZONE 'UTC')::date, form, status, lead_source(attribution), count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, form, status, source) DO UPDATE SET leads = c.leads + excluded.leads;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_daily_counts AS c (day, form, status, source, leads)
    SELECT (created_at AT TIME ZONE 'UTC')::date, form, status, lead_source(attribution), -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, form, status, source) DO UPDATE SET leads = c.leads + excluded.leads;
  ELSE
    INSERT INTO lead_daily_counts AS c (day, form, status, source, leads)
    SELECT day, form, status, source, sum(n) FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, form, status, lead_source(attribution) AS source, -1 AS n FROM old_rows
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, form, status, lead_source(attribution), 1 FROM new_rows
    ) AS change
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, form, status, source) DO UPDATE SET leads = c.leads + excluded.leads;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_daily_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_daily_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER leads_daily_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_daily_counts_apply();
--> statement-breakpoint
CREATE FUNCTION lead_deliveries_fill_form() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE form IS NULL) THEN
    UPDATE lead_deliveries AS d SET form = l.form
    FROM new_rows AS n JOIN leads AS l ON l.id = n.lead_id
    WHERE n.form IS NULL AND d.id = n.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lead_deliveries_fill_form AFTER INSERT ON lead_deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_deliveries_fill_form();
--> statement-breakpoint
INSERT INTO lead_daily_counts (day, form, status, source, leads)
SELECT (created_at AT TIME ZONE 'UTC')::date, form, status, lead_source(attribution), count(*)
FROM leads GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
UPDATE lead_deliveries AS d SET form = l.form FROM leads AS l WHERE l.id = d.lead_id;
