CREATE OR REPLACE FUNCTION "pending_revision_submitted_at"("revision" jsonb) RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ("revision"->>'submittedAt')::timestamptz $$;--> statement-breakpoint
CREATE INDEX "properties_pending_validation_idx" ON "properties" USING btree ("updated_at","id") WHERE validation_status = 'PSG002';--> statement-breakpoint
CREATE INDEX "properties_pending_revision_idx" ON "properties" USING btree (pending_revision_submitted_at("pending_revision"),"id") WHERE validation_status = 'PSG001' and (pending_revision->>'status') = 'pending';--> statement-breakpoint
CREATE INDEX "announcements_pending_validation_idx" ON "announcements" USING btree ("updated_at","property_id","id") WHERE status_code = 'AST002';
