ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_nif" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_address" text;--> statement-breakpoint
CREATE SEQUENCE "public"."payment_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"agent_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"rectifies_id" uuid,
	"owner_id" uuid,
	"seller" jsonb NOT NULL,
	"buyer_nif" text,
	"buyer_name" text,
	"buyer_address" text,
	"description" text NOT NULL,
	"base_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_live_per_payment" ON "payment_refunds" USING btree ("payment_id") WHERE status in ('pending', 'succeeded');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_year_number_idx" ON "invoices" USING btree ("series","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_code_idx" ON "invoices" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_payment_idx" ON "invoices" USING btree ("payment_id") WHERE series = 'F';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund_idx" ON "invoices" USING btree ("refund_id") WHERE refund_id is not null;--> statement-breakpoint
CREATE INDEX "invoices_owner_idx" ON "invoices" USING btree ("owner_id","issued_at");--> statement-breakpoint
-- Agents give payments back (Permission.RefundPayments, issue 28); databases whose roles exist already
-- get it here, new ones from ensureRoles.
INSERT INTO "permissions" ("name") VALUES ('payments.refund') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
	SELECT r."id", p."id" FROM "roles" r, "permissions" p WHERE r."name" IN ('agent', 'supervisor') AND p."name" = 'payments.refund'
	ON CONFLICT DO NOTHING;
