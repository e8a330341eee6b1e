ALTER TABLE "files" ADD COLUMN "thumbnail" "bytea";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fingerprint" text;