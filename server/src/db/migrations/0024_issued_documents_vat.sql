-- The VAT an issued document charged (its per-rate lines and whether the issuer was subject to VAT),
-- for the report's VAT of a period: summed without parsing every content. Written with the content
-- from now on; the documents already issued take it from their content here.
ALTER TABLE "issued_documents" ADD COLUMN "vat" jsonb;--> statement-breakpoint
UPDATE "issued_documents" SET "vat" = jsonb_build_object('rates', coalesce(content::jsonb -> 'vat', '[]'::jsonb), 'subject', coalesce((content::jsonb -> 'issuer' ->> 'vatSubject')::boolean, false));--> statement-breakpoint
ALTER TABLE "issued_documents" ALTER COLUMN "vat" SET NOT NULL;
