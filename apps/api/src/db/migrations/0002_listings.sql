CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"type_code" text NOT NULL,
	"offer_type_code" text DEFAULT 'AOT001' NOT NULL,
	"status_code" text DEFAULT 'AST000' NOT NULL,
	"status_reason" text,
	"price" integer,
	"custom_title" text,
	"description" text,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"furnished" boolean DEFAULT false NOT NULL,
	"available_from" date,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"period_days" integer DEFAULT 30 NOT NULL,
	"published_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_paid" boolean DEFAULT false NOT NULL,
	"highest_offer" integer,
	"offers_count" integer DEFAULT 0 NOT NULL,
	"province_code" varchar(2),
	"municipality_code" varchar(5),
	"rooms" integer,
	"surface_m2" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_image_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"street_number" text,
	"floor_code" text,
	"block_code" text,
	"door" text,
	"postal_code" varchar(5),
	"province_code" varchar(2),
	"municipality_code" varchar(5),
	"property_type_code" text,
	"status_code" text,
	"surface_m2" integer,
	"rooms" integer,
	"bathrooms" integer,
	"orientation_code" text,
	"energy_certification_code" text,
	"emission_certification_code" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"protected_housing_code" text,
	"stage_code" text,
	"validation_status" text DEFAULT 'PSG000' NOT NULL,
	"validation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"color" varchar(7) DEFAULT '#d9e2e1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_owner_idx" ON "announcements" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "announcements_property_idx" ON "announcements" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "announcements_live_all_newest_idx" ON "announcements" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status_code = 'AST001';--> statement-breakpoint
CREATE INDEX "announcements_live_newest_idx" ON "announcements" USING btree ("type_code","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status_code = 'AST001';--> statement-breakpoint
CREATE INDEX "announcements_live_price_idx" ON "announcements" USING btree ("type_code","price","id") WHERE status_code = 'AST001';--> statement-breakpoint
CREATE INDEX "announcements_live_province_idx" ON "announcements" USING btree ("province_code","type_code","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status_code = 'AST001';--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("property_id","position");