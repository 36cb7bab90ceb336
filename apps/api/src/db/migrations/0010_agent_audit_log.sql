CREATE TABLE "agent_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_id" uuid NOT NULL,
	"acting_as_user_id" uuid,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"target_user_id" uuid,
	"target_announcement_id" uuid,
	"target_property_id" uuid,
	"status" integer NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "agent_audit_log_at_idx" ON "agent_audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agent_audit_log_agent_at_idx" ON "agent_audit_log" USING btree ("agent_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agent_audit_log_acting_as_at_idx" ON "agent_audit_log" USING btree ("acting_as_user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agent_audit_log_target_user_at_idx" ON "agent_audit_log" USING btree ("target_user_id","at" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE reaches its rows (issue 14 point 6).
CREATE FUNCTION "agent_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'agent_audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agent_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "agent_audit_log" FOR EACH ROW EXECUTE FUNCTION "agent_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "agent_audit_log_no_truncate" BEFORE TRUNCATE ON "agent_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "agent_audit_log_append_only"();--> statement-breakpoint
-- Supervisors read the audit log (Permission.ReadAudit); databases whose roles exist already get it here,
-- new ones from ensureRoles.
INSERT INTO "permissions" ("name") VALUES ('audit.read') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
	SELECT r."id", p."id" FROM "roles" r, "permissions" p WHERE r."name" = 'supervisor' AND p."name" = 'audit.read'
	ON CONFLICT DO NOTHING;
