-- The catalogue card's remaining fields live on the announcement, so search reads one table (no joins:
-- planning the five-way join cost more than running it). Kept equal to their sources by `refreshCards`
-- (apps/api/src/modules/listings/search-announcements.ts); the backfill below is the same statement.
ALTER TABLE "announcements" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "bathrooms" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "property_type_code" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "municipality_name" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "province_name" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "cover_image" jsonb;--> statement-breakpoint
UPDATE "announcements" AS a SET
  "reference" = p."reference",
  "bathrooms" = p."bathrooms",
  "property_type_code" = p."property_type_code",
  "municipality_name" = (SELECT m."display_name" FROM "municipalities" m WHERE m."code" = a."municipality_code"),
  "province_name" = (SELECT v."display_name" FROM "provinces" v WHERE v."code" = a."province_code"),
  "cover_image" = (
    SELECT jsonb_build_object('id', i."id", 'storageKey', i."storage_key", 'width', i."width",
      'height', i."height", 'color', i."color")
    FROM "property_images" i WHERE i."id" = a."cover_image_id"
  )
FROM "properties" p
WHERE p."id" = a."property_id";
