CREATE TABLE "document_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"document_id" uuid,
	"file_name" text NOT NULL,
	"by_role" text NOT NULL,
	"by_user_id" uuid,
	"offer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_people" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"role" text NOT NULL,
	"nif" text,
	"type_contract_code" text,
	"salary_range_code" text,
	"name" text,
	"surname" text,
	"birth_date" date,
	"country_code" text,
	"civil_status_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_people_role" CHECK (role in ('tenant', 'co_holder', 'guarantor')),
	CONSTRAINT "household_people_complete" CHECK (role = 'tenant' or (nif is not null and name is not null))
);
--> statement-breakpoint
CREATE TABLE "tenant_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"person_id" uuid,
	"kind_code" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "tenant_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"number_cohabitants" integer,
	"number_children" integer,
	"has_pets" boolean,
	"has_smokers" boolean,
	"presentation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_profiles_id_unique" UNIQUE("id"),
	CONSTRAINT "tenant_profiles_cohabitants" CHECK (number_cohabitants between 0 and 10),
	CONSTRAINT "tenant_profiles_children" CHECK (number_children between 0 and coalesce(number_cohabitants, 0))
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "documents_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_document_id_tenant_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tenant_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_people" ADD CONSTRAINT "household_people_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_documents" ADD CONSTRAINT "tenant_documents_person_id_household_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."household_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_profiles" ADD CONSTRAINT "tenant_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_downloads_tenant_idx" ON "document_downloads" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "household_people_one_nif" ON "household_people" USING btree ("tenant_id","nif") WHERE nif is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "household_people_one_tenant" ON "household_people" USING btree ("tenant_id") WHERE role = 'tenant';--> statement-breakpoint
CREATE INDEX "household_people_tenant_idx" ON "household_people" USING btree ("tenant_id","role","created_at");--> statement-breakpoint
CREATE INDEX "tenant_documents_tenant_idx" ON "tenant_documents" USING btree ("tenant_id","person_id","created_at");