CREATE TABLE "agent_login_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "property_images_property_idx";--> statement-breakpoint
CREATE INDEX "agent_login_attempts_last_idx" ON "agent_login_attempts" USING btree ("last_attempt_at");--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- Parallel uploads could give several photos one position: number each gallery 0..n-1 in its order first.
UPDATE "property_images" AS i SET "position" = o."rank" - 1
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "property_id" ORDER BY "position", "created_at", "id") AS "rank"
  FROM "property_images"
) AS o
WHERE o."id" = i."id" AND i."position" <> o."rank" - 1;--> statement-breakpoint
-- DEFERRABLE (checked at the end of each statement, not row by row) so one UPDATE can reorder a gallery.
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_position_unique" UNIQUE("property_id","position") DEFERRABLE INITIALLY IMMEDIATE;