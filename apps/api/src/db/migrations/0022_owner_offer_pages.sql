DROP INDEX "offers_announcement_idx";--> statement-breakpoint
CREATE INDEX "offers_announcement_idx" ON "offers" USING btree ("announcement_id","amount","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_announcement_created_idx" ON "offers" USING btree ("announcement_id","created_at","id");
