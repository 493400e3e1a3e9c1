CREATE TABLE "lead_daily_counts" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"leads" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "lead_deliveries_status_idx";--> statement-breakpoint
DROP INDEX "lead_deliveries_delivered_at_idx";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "form" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_daily_counts_key_idx" ON "lead_daily_counts" USING btree ("day","form","status","source");--> statement-breakpoint
CREATE INDEX "lead_deliveries_status_form_idx" ON "lead_deliveries" USING btree ("status","form","delivered_at");