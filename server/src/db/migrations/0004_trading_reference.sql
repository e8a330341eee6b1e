-- Built-in invoice types of DECISIONS §6 (ids 1-3; shops' own types start at 100), a default
-- cash register for every existing shop (new shops get theirs when created), and trigram
-- indexes for the substring searches of the trading lists.
INSERT INTO "invoice_types" ("id", "shop_id", "libelle", "libelle_en") OVERRIDING SYSTEM VALUE VALUES
  (1, NULL, 'Comptant', 'Cash sale'),
  (2, NULL, 'Crédit', 'Credit sale'),
  (3, NULL, 'Proforma', 'Proforma');
--> statement-breakpoint
INSERT INTO "cash_registers" ("shop_id", "libelle", "is_default")
  SELECT "id", 'Caisse principale', true FROM "shops" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "articles_designation_trgm_idx" ON "articles" USING gin ("designation" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin (("nom" || ' ' || "prenom") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "invoices_code_trgm_idx" ON "invoices" USING gin ("code" gin_trgm_ops);
