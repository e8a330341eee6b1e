CREATE TABLE "issued_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issued_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"series" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"corrects_id" integer,
	"total_fcfa" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"chain_hash" text NOT NULL,
	"status" text DEFAULT 'emise' NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "issued_documents_seq_check" CHECK ("issued_documents"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_legal_identities" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"company_name" text,
	"legal_form" text,
	"rccm" text,
	"tax_id" text,
	"country" text NOT NULL,
	"vat_subject" boolean DEFAULT false NOT NULL,
	"prices_include_vat" boolean DEFAULT true NOT NULL,
	"vat_rates_bp" jsonb NOT NULL,
	"footer" text,
	"logo_file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "vat_default" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_legal_identities" ADD CONSTRAINT "shop_legal_identities_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_legal_identities" ADD CONSTRAINT "shop_legal_identities_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_series_seq_key" ON "issued_documents" USING btree ("shop_id","series","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_code_key" ON "issued_documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "issued_documents_invoice_idx" ON "issued_documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "issued_documents_shop_number_idx" ON "issued_documents" USING btree ("shop_id","series","number");