CREATE TABLE "lead_responses" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"page" text NOT NULL,
	"seconds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_result_counts" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"stage" text NOT NULL,
	"leads" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_responses" ADD CONSTRAINT "lead_responses_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_responses_created_at_idx" ON "lead_responses" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_result_counts_key_idx" ON "lead_result_counts" USING btree ("day","dimension","value","stage");--> statement-breakpoint
-- Custom, after the generated tables above: the functions and triggers that keep them, a referrer's user part no
-- longer taken for its host, and the figures for what is already stored.
--
-- lead_result_counts always equals, for accepted leads,
--   SELECT (created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, stage, count(*)
--   FROM leads CROSS JOIN LATERAL lead_dimensions(attribution) AS d GROUP BY 1, 2, 3, 4
-- and lead_responses holds every accepted lead with a first_response_at (tests/integration/overview-counts.integ.ts).
-- Statement triggers, in the same transaction as the change; an update that changes none of a lead's counted
-- columns (opening it sets seen_at) touches neither table.

-- The referrer's host: 'https://www.google.com@evil.example/' and 'https://user:pw@evil.example/' come from
-- evil.example, not from the user part before the '@'.
CREATE OR REPLACE FUNCTION lead_source(attribution jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(nullif(attribution->>'utm_source', ''), substring(attribution->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#@]+)'), 'direct');
--> statement-breakpoint
CREATE FUNCTION lead_campaign(attribution jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(left(nullif(attribution->>'utm_campaign', ''), 200), '');
--> statement-breakpoint
-- The landing page's path without its query ('/' for a bare origin; '' when the page is unknown).
CREATE FUNCTION lead_page(attribution jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN coalesce(attribution->>'page_url', '') = '' THEN ''
  ELSE left(coalesce(nullif(substring(attribution->>'page_url' from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*([^?#]*)'), ''), '/'), 200) END;
--> statement-breakpoint
CREATE FUNCTION lead_dimensions(attribution jsonb) RETURNS TABLE (dimension text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ VALUES ('source', lead_source(attribution)), ('campaign', lead_campaign(attribution)), ('page', lead_page(attribution)) $$;
--> statement-breakpoint
CREATE FUNCTION lead_response_seconds(created_at timestamptz, first_response_at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN least(greatest(extract(epoch FROM first_response_at - created_at), 0), 2147483647)::integer;
--> statement-breakpoint
CREATE FUNCTION lead_results_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_result_counts AS c (day, dimension, value, stage, leads)
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, r.stage, count(*)
    FROM new_rows AS r CROSS JOIN LATERAL lead_dimensions(r.attribution) AS d
    WHERE r.status = 'accepted' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, dimension, value, stage) DO UPDATE SET leads = c.leads + excluded.leads;
    INSERT INTO lead_responses (lead_id, created_at, source, campaign, page, seconds)
    SELECT id, created_at, lead_source(attribution), lead_campaign(attribution), lead_page(attribution),
      lead_response_seconds(created_at, first_response_at)
    FROM new_rows WHERE status = 'accepted' AND first_response_at IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- lead_responses rows go with their lead (foreign key).
    INSERT INTO lead_result_counts AS c (day, dimension, value, stage, leads)
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, r.stage, -count(*)
    FROM old_rows AS r CROSS JOIN LATERAL lead_dimensions(r.attribution) AS d
    WHERE r.status = 'accepted' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, dimension, value, stage) DO UPDATE SET leads = c.leads + excluded.leads;
  ELSE
    IF NOT EXISTS (
      SELECT 1 FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
      WHERE (o.status, o.stage, o.created_at, o.attribution, o.first_response_at)
        IS DISTINCT FROM (n.status, n.stage, n.created_at, n.attribution, n.first_response_at)
    ) THEN
      RETURN NULL;
    END IF;
    INSERT INTO lead_result_counts AS c (day, dimension, value, stage, leads)
    SELECT day, dimension, value, stage, sum(n) FROM (
      SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, d.dimension, d.value, r.stage, -1 AS n
      FROM old_rows AS r CROSS JOIN LATERAL lead_dimensions(r.attribution) AS d WHERE r.status = 'accepted'
      UNION ALL
      SELECT (r.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, r.stage, 1
      FROM new_rows AS r CROSS JOIN LATERAL lead_dimensions(r.attribution) AS d WHERE r.status = 'accepted'
    ) AS change
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, dimension, value, stage) DO UPDATE SET leads = c.leads + excluded.leads;
    WITH changed AS (
      SELECT o.id FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
      WHERE (o.status, o.created_at, o.attribution, o.first_response_at)
        IS DISTINCT FROM (n.status, n.created_at, n.attribution, n.first_response_at)
    )
    DELETE FROM lead_responses WHERE lead_id IN (SELECT id FROM changed);
    INSERT INTO lead_responses (lead_id, created_at, source, campaign, page, seconds)
    SELECT n.id, n.created_at, lead_source(n.attribution), lead_campaign(n.attribution), lead_page(n.attribution),
      lead_response_seconds(n.created_at, n.first_response_at)
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE n.status = 'accepted' AND n.first_response_at IS NOT NULL
      AND (o.status, o.created_at, o.attribution, o.first_response_at)
        IS DISTINCT FROM (n.status, n.created_at, n.attribution, n.first_response_at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_results_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_results_apply();
--> statement-breakpoint
CREATE TRIGGER leads_results_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_results_apply();
--> statement-breakpoint
CREATE TRIGGER leads_results_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lead_results_apply();
--> statement-breakpoint
DELETE FROM lead_daily_counts;
--> statement-breakpoint
INSERT INTO lead_daily_counts (day, form, status, source, leads)
SELECT (created_at AT TIME ZONE 'UTC')::date, form, status, lead_source(attribution), count(*)
FROM leads GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO lead_result_counts (day, dimension, value, stage, leads)
SELECT (l.created_at AT TIME ZONE 'UTC')::date, d.dimension, d.value, l.stage, count(*)
FROM leads AS l CROSS JOIN LATERAL lead_dimensions(l.attribution) AS d
WHERE l.status = 'accepted' GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO lead_responses (lead_id, created_at, source, campaign, page, seconds)
SELECT id, created_at, lead_source(attribution), lead_campaign(attribution), lead_page(attribution),
  lead_response_seconds(created_at, first_response_at)
FROM leads WHERE status = 'accepted' AND first_response_at IS NOT NULL;
