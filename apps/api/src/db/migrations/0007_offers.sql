CREATE TABLE "offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer,
	"reason_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"announcement_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"status_code" text DEFAULT 'OSC001' NOT NULL,
	"is_visit_request" boolean DEFAULT false NOT NULL,
	"amount" integer NOT NULL,
	"payment_type" text DEFAULT 'OPT000' NOT NULL,
	"description" text,
	"reason_purchase_code" text,
	"mortgage_amount" integer,
	"mortgage_pre_approved" boolean,
	"nif" text,
	"type_contract_code" text,
	"salary" integer,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone,
	"decision_reason_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_current_per_candidate" ON "offers" USING btree ("announcement_id","candidate_id") WHERE status_code in ('OSC001', 'OSC002');--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_selected_per_announcement" ON "offers" USING btree ("announcement_id") WHERE status_code = 'OSC002';--> statement-breakpoint
CREATE INDEX "offers_announcement_idx" ON "offers" USING btree ("announcement_id","amount");--> statement-breakpoint
CREATE INDEX "offers_candidate_idx" ON "offers" USING btree ("candidate_id","updated_at");