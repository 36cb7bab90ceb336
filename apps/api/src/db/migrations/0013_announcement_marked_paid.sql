ALTER TABLE "announcements" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "paid_by_agent_id" uuid;