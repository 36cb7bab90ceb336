-- Issue 26 points 2 and 4 (decision 037): price history, drop badges, favourites and their alerts.
-- The price last shown publicly, the last public change (the card's drop badge, no join) and the owner's
-- price change waiting for an agent (moderated like the other edits, decision 011).
ALTER TABLE "announcements" ADD COLUMN "published_price" integer;
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "previous_price" integer;
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "price_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "pending_price" integer;
--> statement-breakpoint
-- Announcements already on show or once on show: their current price is the public one.
UPDATE "announcements" SET "published_price" = "price" WHERE "published_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "announcement_price_changes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "announcement_id" uuid NOT NULL,
  "old_price" integer NOT NULL,
  "new_price" integer NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "announcement_price_changes_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "announcement_price_changes_announcement_idx" ON "announcement_price_changes" ("announcement_id", "changed_at" DESC);
--> statement-breakpoint
CREATE TABLE "favourites" (
  "user_id" uuid NOT NULL,
  "announcement_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "favourites_pkey" PRIMARY KEY ("user_id", "announcement_id"),
  CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade,
  CONSTRAINT "favourites_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "favourites_announcement_idx" ON "favourites" ("announcement_id");
--> statement-breakpoint
CREATE INDEX "favourites_user_newest_idx" ON "favourites" ("user_id", "created_at" DESC, "announcement_id" DESC);
