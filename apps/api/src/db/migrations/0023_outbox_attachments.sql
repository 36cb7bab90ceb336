ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;
