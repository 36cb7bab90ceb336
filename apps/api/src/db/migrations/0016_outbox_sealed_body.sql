ALTER TABLE "outbox" ADD COLUMN "sealed_body" text;--> statement-breakpoint
CREATE INDEX "outbox_sealed_idx" ON "outbox" USING btree ("expires_at") WHERE "outbox"."sealed_body" is not null;--> statement-breakpoint
-- One-time codes are no longer kept readable (issue 22): the login and contract-signing SMS stored
-- before keep their code redacted. One still waiting is failed, not sent: its code was hashed without
-- the codes' key and could not be used any more.
UPDATE "outbox" SET
  "body" = regexp_replace("body", '[0-9]{6}', '••••••', 'g'),
  "status" = CASE WHEN "status" IN ('queued', 'sending') THEN 'failed' ELSE "status" END,
  "last_error" = CASE WHEN "status" IN ('queued', 'sending') THEN 'código anterior al cifrado de los mensajes: no se envía' ELSE "last_error" END,
  "claimed_until" = NULL
WHERE "channel" = 'sms' AND ("expires_at" IS NOT NULL OR "body" LIKE 'Tu código%');
