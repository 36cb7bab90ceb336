CREATE TABLE "conversations" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"announcement_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"last_message_id" bigint,
	"owner_read_id" bigint DEFAULT 0 NOT NULL,
	"candidate_read_id" bigint DEFAULT 0 NOT NULL,
	"owner_noticed_at" timestamp with time zone,
	"candidate_noticed_at" timestamp with time zone,
	"owner_noticed_id" bigint DEFAULT 0 NOT NULL,
	"candidate_noticed_id" bigint DEFAULT 0 NOT NULL,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade,
	CONSTRAINT "conversations_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade,
	CONSTRAINT "conversations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade,
	CONSTRAINT "conversations_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "conversations_owner_idx" ON "conversations" USING btree ("owner_id","last_message_id");--> statement-breakpoint
CREATE INDEX "conversations_candidate_idx" ON "conversations" USING btree ("candidate_id","last_message_id");--> statement-breakpoint
CREATE INDEX "conversations_reported_idx" ON "conversations" USING btree ("reported_at") WHERE "reported_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_offer_id_conversations_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."conversations"("offer_id") ON DELETE cascade,
	CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade,
	CONSTRAINT "messages_body_length" CHECK (char_length("body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_idx" ON "messages" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "messages_offer_idx" ON "messages" USING btree ("offer_id","id");--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"message_id" bigint,
	"reporter_id" uuid NOT NULL,
	"reason_code" text NOT NULL,
	"text" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reports_offer_id_conversations_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."conversations"("offer_id") ON DELETE cascade,
	CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade,
	CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_once" ON "message_reports" USING btree ("reporter_id","offer_id",coalesce("message_id", 0));
