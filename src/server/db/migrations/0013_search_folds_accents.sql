ALTER TABLE "leads" drop column "search_text";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (regexp_replace(lower(normalize(coalesce(fields->>'firstName', '') || ' ' || coalesce(fields->>'lastName', '') || ' ' || coalesce(fields->>'email', '') || ' ' || coalesce(fields->>'phone', '') || ' ' || coalesce(fields->>'company', '') || ' ' || coalesce(fields->>'propertyName', '') || ' ' || regexp_replace(coalesce(fields->>'phone', ''), '[^0-9]', '', 'g'), NFD)), '[\u0300-\u036f]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its trigram index; the same index again, on the folded text.
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);
