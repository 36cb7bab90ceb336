-- Edits to a validated property wait as a pending revision; agents' decisions name the revision they
-- reviewed (docs/decisions/011-moderated-edits.md).
ALTER TABLE "announcements" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pending_revision" jsonb;--> statement-breakpoint
ALTER TABLE "property_images" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Only a validated property may be on show. Before this migration an owner's edit sent a validated
-- property back to pending (PSG002) while its announcement stayed live showing the unreviewed change:
-- such announcements go back to the agents' queue (AST002); those of a rejected property are rejected
-- with the property's reason (AST007), as rejecting a validated property now does.
UPDATE "announcements" AS a SET
  "status_code" = CASE WHEN p."validation_status" = 'PSG004' THEN 'AST007' ELSE 'AST002' END,
  "status_reason" = CASE WHEN p."validation_status" = 'PSG004' THEN p."validation_reason" ELSE NULL END,
  "updated_at" = now()
FROM "properties" p
WHERE p."id" = a."property_id"
  AND a."status_code" IN ('AST001', 'AST003')
  AND p."validation_status" <> 'PSG001';
