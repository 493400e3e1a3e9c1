CREATE TABLE "autoresponse_minutes" (
	"minute_of_hour" integer PRIMARY KEY NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "autoresponses_at_idx";--> statement-breakpoint
-- The hourly cap counts here from now on; the last hour's confirmations carry over.
INSERT INTO "autoresponse_minutes" ("minute_of_hour", "minute", "sent")
SELECT (floor(extract(epoch FROM date_trunc('minute', "at")) / 60)::bigint % 60)::int, date_trunc('minute', "at"), count(*)
FROM "autoresponses"
WHERE "at" >= date_trunc('minute', now()) - interval '59 minutes'
GROUP BY 1, 2;
