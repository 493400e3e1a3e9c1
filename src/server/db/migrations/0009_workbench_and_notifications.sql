CREATE TABLE "autoresponses" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_health" (
	"path" text PRIMARY KEY NOT NULL,
	"working" boolean NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "channel" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "lead_delivery_attempts" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autoresponses_at_idx" ON "autoresponses" USING btree ("at");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_dedupe_key_idx" ON "lead_deliveries" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("stage","created_at");--> statement-breakpoint
CREATE INDEX "leads_unseen_idx" ON "leads" USING btree ("created_at") WHERE "leads"."seen_at" IS NULL AND "leads"."status" = 'accepted';--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_channel_check" CHECK (channel IN ('webhook', 'agency_email', 'visitor_email', 'chat', 'alert'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_stage_check" CHECK (stage IN ('new', 'contacted', 'qualified', 'won', 'lost'));--> statement-breakpoint
-- Leads stored before the inbox marked new ones were all on view already: none of them counts as unopened.
UPDATE "leads" SET "seen_at" = "created_at" WHERE "seen_at" IS NULL;
