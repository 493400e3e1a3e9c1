ALTER TABLE "autoresponses" ADD COLUMN "network" text;--> statement-breakpoint
CREATE INDEX "autoresponses_network_idx" ON "autoresponses" USING btree ("network","at");