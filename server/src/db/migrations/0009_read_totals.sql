CREATE TABLE "catalogue_counts" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"live_articles" integer DEFAULT 0 NOT NULL,
	"live_levels" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily_totals" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"live_invoices" integer DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"unsettled" integer DEFAULT 0 NOT NULL,
	"undelivered" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"sold_fcfa" bigint DEFAULT 0 NOT NULL,
	"cost_fcfa" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"paid_fcfa" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_totals_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
ALTER TABLE "catalogue_counts" ADD CONSTRAINT "catalogue_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily_totals" ADD CONSTRAINT "sales_daily_totals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_shop_live_designation_idx" ON "articles" USING btree ("shop_id","designation","id") WHERE "articles"."deleted_at" is null;
--> statement-breakpoint
-- Clients are searched by "name first-name" and by "first-name name" (the invoice search).
CREATE INDEX "clients_name_reversed_trgm_idx" ON "clients" USING gin (("prenom" || ' ' || "nom") gin_trgm_ops);
--> statement-breakpoint
-- The triggers below keep sales_daily_totals in the transaction of every write to invoices, their
-- lines and payments. A sale is a live invoice that is not a proforma (type 3), counted on its date
-- in the shop's time zone with its lines; a payment counts while it is not voided, on its own date.
-- Adds signed amounts to one shop's day.
CREATE FUNCTION "sales_daily_totals_add"("p_shop" integer, "p_at" timestamptz, "p_live" integer, "p_invoices" integer,
  "p_unsettled" integer, "p_undelivered" integer, "p_lines" integer, "p_units" bigint, "p_sold" bigint, "p_cost" bigint,
  "p_payments" integer, "p_paid" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "live_invoices", "invoices", "unsettled", "undelivered", "lines", "units",
    "sold_fcfa", "cost_fcfa", "payments", "paid_fcfa")
  SELECT "p_shop", ("p_at" AT TIME ZONE s."time_zone")::date, "p_live", "p_invoices", "p_unsettled", "p_undelivered", "p_lines", "p_units",
    "p_sold", "p_cost", "p_payments", "p_paid"
  FROM "shops" s WHERE s."id" = "p_shop"
  ON CONFLICT ("shop_id", "day") DO UPDATE SET
    "live_invoices" = t."live_invoices" + excluded."live_invoices", "invoices" = t."invoices" + excluded."invoices",
    "unsettled" = t."unsettled" + excluded."unsettled", "undelivered" = t."undelivered" + excluded."undelivered",
    "lines" = t."lines" + excluded."lines", "units" = t."units" + excluded."units",
    "sold_fcfa" = t."sold_fcfa" + excluded."sold_fcfa", "cost_fcfa" = t."cost_fcfa" + excluded."cost_fcfa",
    "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa"
$$;
--> statement-breakpoint
-- An invoice: its old state (with its lines, when a sale) leaves its day, its new state joins its day.
CREATE FUNCTION "invoices_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l record;
  sale boolean;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL THEN
    sale := OLD."type_id" <> 3;
    SELECT count(*)::int AS n, coalesce(sum("quantity"), 0)::bigint AS units, coalesce(sum("quantity"::bigint * "unit_cost_fcfa"), 0)::bigint AS cost
      INTO l FROM "invoice_lines" WHERE sale AND "invoice_id" = OLD."id";
    PERFORM "sales_daily_totals_add"(OLD."shop_id", OLD."created_at", -1, CASE WHEN sale THEN -1 ELSE 0 END,
      CASE WHEN sale AND NOT OLD."settled" THEN -1 ELSE 0 END, CASE WHEN sale AND NOT OLD."delivered" THEN -1 ELSE 0 END,
      -l.n, -l.units, CASE WHEN sale THEN -OLD."total_fcfa" ELSE 0 END, -l.cost, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL THEN
    sale := NEW."type_id" <> 3;
    SELECT count(*)::int AS n, coalesce(sum("quantity"), 0)::bigint AS units, coalesce(sum("quantity"::bigint * "unit_cost_fcfa"), 0)::bigint AS cost
      INTO l FROM "invoice_lines" WHERE sale AND "invoice_id" = NEW."id";
    PERFORM "sales_daily_totals_add"(NEW."shop_id", NEW."created_at", 1, CASE WHEN sale THEN 1 ELSE 0 END,
      CASE WHEN sale AND NOT NEW."settled" THEN 1 ELSE 0 END, CASE WHEN sale AND NOT NEW."delivered" THEN 1 ELSE 0 END,
      l.n, l.units, CASE WHEN sale THEN NEW."total_fcfa" ELSE 0 END, l.cost, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A line counts while its invoice is a sale (the invoice's own changes move its lines, above).
CREATE FUNCTION "invoice_lines_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT "shop_id", "created_at" INTO i FROM "invoices" WHERE "id" = OLD."invoice_id" AND "deleted_at" IS NULL AND "type_id" <> 3;
    IF FOUND THEN
      PERFORM "sales_daily_totals_add"(i."shop_id", i."created_at", 0, 0, 0, 0, -1, -OLD."quantity"::bigint, 0,
        -(OLD."quantity"::bigint * OLD."unit_cost_fcfa"), 0, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT "shop_id", "created_at" INTO i FROM "invoices" WHERE "id" = NEW."invoice_id" AND "deleted_at" IS NULL AND "type_id" <> 3;
    IF FOUND THEN
      PERFORM "sales_daily_totals_add"(i."shop_id", i."created_at", 0, 0, 0, 0, 1, NEW."quantity"::bigint, 0,
        NEW."quantity"::bigint * NEW."unit_cost_fcfa", 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "payments_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."voided_at" IS NULL THEN
    PERFORM "sales_daily_totals_add"(OLD."shop_id", OLD."created_at", 0, 0, 0, 0, 0, 0, 0, 0, -1, -OLD."applied_fcfa");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."voided_at" IS NULL THEN
    PERFORM "sales_daily_totals_add"(NEW."shop_id", NEW."created_at", 0, 0, 0, 0, 0, 0, 0, 0, 1, NEW."applied_fcfa");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_sales_daily_totals_insert_delete" AFTER INSERT OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_sales_daily_totals"();
--> statement-breakpoint
-- Only the changes that move a figure (a payment rewrites the paid amount, which none shows).
CREATE TRIGGER "invoices_sales_daily_totals_update" AFTER UPDATE ON "invoices" FOR EACH ROW
  WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."type_id" IS DISTINCT FROM NEW."type_id"
    OR OLD."total_fcfa" IS DISTINCT FROM NEW."total_fcfa" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
    OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id" OR OLD."settled" IS DISTINCT FROM NEW."settled"
    OR OLD."delivered" IS DISTINCT FROM NEW."delivered")
  EXECUTE FUNCTION "invoices_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_sales_daily_totals" AFTER INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_lines_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "payments_sales_daily_totals_insert_delete" AFTER INSERT OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "payments_sales_daily_totals_update" AFTER UPDATE ON "payments" FOR EACH ROW
  WHEN (OLD."voided_at" IS DISTINCT FROM NEW."voided_at" OR OLD."applied_fcfa" IS DISTINCT FROM NEW."applied_fcfa"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id")
  EXECUTE FUNCTION "payments_sales_daily_totals"();
--> statement-breakpoint
-- A shop's rows recomputed from the raw rows: the backfill below, bulk loads made with the triggers
-- off (the bench's generator), a change of the shop's time zone (its days move).
CREATE FUNCTION "sales_daily_totals_rebuild"("p_shop" integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "sales_daily_totals" WHERE "shop_id" = "p_shop";
  INSERT INTO "sales_daily_totals" ("shop_id", "day", "live_invoices", "invoices", "unsettled", "undelivered", "lines", "units",
    "sold_fcfa", "cost_fcfa", "payments", "paid_fcfa")
  SELECT "p_shop", x."day", sum(x."live")::int, sum(x."invoices")::int, sum(x."unsettled")::int, sum(x."undelivered")::int,
    sum(x."lines")::int, sum(x."units")::bigint, sum(x."sold")::bigint, sum(x."cost")::bigint, sum(x."payments")::int, sum(x."paid")::bigint
  FROM (
    SELECT (i."created_at" AT TIME ZONE s."time_zone")::date AS "day", 1 AS "live", (i."type_id" <> 3)::int AS "invoices",
      (i."type_id" <> 3 AND NOT i."settled")::int AS "unsettled", (i."type_id" <> 3 AND NOT i."delivered")::int AS "undelivered",
      CASE WHEN i."type_id" <> 3 THEN coalesce(l."n", 0) ELSE 0 END AS "lines",
      CASE WHEN i."type_id" <> 3 THEN coalesce(l."units", 0) ELSE 0 END AS "units",
      CASE WHEN i."type_id" <> 3 THEN i."total_fcfa" ELSE 0 END AS "sold",
      CASE WHEN i."type_id" <> 3 THEN coalesce(l."cost", 0) ELSE 0 END AS "cost", 0 AS "payments", 0 AS "paid"
    FROM "invoices" i
    JOIN "shops" s ON s."id" = i."shop_id"
    LEFT JOIN (
      SELECT "invoice_id", count(*) AS "n", sum("quantity") AS "units", sum("quantity"::bigint * "unit_cost_fcfa") AS "cost"
      FROM "invoice_lines" WHERE "invoice_id" IN (SELECT "id" FROM "invoices" WHERE "shop_id" = "p_shop")
      GROUP BY "invoice_id"
    ) l ON l."invoice_id" = i."id"
    WHERE i."shop_id" = "p_shop" AND i."deleted_at" IS NULL
    UNION ALL
    SELECT (p."created_at" AT TIME ZONE s."time_zone")::date, 0, 0, 0, 0, 0, 0, 0, 0, 1, p."applied_fcfa"
    FROM "payments" p JOIN "shops" s ON s."id" = p."shop_id"
    WHERE p."shop_id" = "p_shop" AND p."voided_at" IS NULL
  ) x
  GROUP BY x."day"
$$;
--> statement-breakpoint
CREATE FUNCTION "shops_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sales_daily_totals_rebuild"(NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shops_sales_daily_totals" AFTER UPDATE ON "shops" FOR EACH ROW
  WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "shops_sales_daily_totals"();
--> statement-breakpoint
SELECT "sales_daily_totals_rebuild"("id") FROM "shops";
--> statement-breakpoint
-- The triggers below keep catalogue_counts in the transaction of every write to articles, stock
-- levels and depots: a live article counts once; a level counts while its article and its depot are live.
CREATE FUNCTION "catalogue_counts_add"("p_shop" integer, "p_articles" integer, "p_levels" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "catalogue_counts" AS t ("shop_id", "live_articles", "live_levels") VALUES ("p_shop", "p_articles", "p_levels")
  ON CONFLICT ("shop_id") DO UPDATE SET
    "live_articles" = t."live_articles" + excluded."live_articles", "live_levels" = t."live_levels" + excluded."live_levels"
$$;
--> statement-breakpoint
CREATE FUNCTION "articles_catalogue_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL THEN
    SELECT count(*)::int INTO n FROM "stock_levels" s JOIN "depots" d ON d."id" = s."depot_id" AND d."deleted_at" IS NULL
      WHERE s."article_id" = OLD."id";
    PERFORM "catalogue_counts_add"(OLD."shop_id", -1, -n);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL THEN
    SELECT count(*)::int INTO n FROM "stock_levels" s JOIN "depots" d ON d."id" = s."depot_id" AND d."deleted_at" IS NULL
      WHERE s."article_id" = NEW."id";
    PERFORM "catalogue_counts_add"(NEW."shop_id", 1, n);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_levels_catalogue_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (
    SELECT 1 FROM "articles" a JOIN "depots" d ON d."id" = OLD."depot_id" AND d."deleted_at" IS NULL
    WHERE a."id" = OLD."article_id" AND a."deleted_at" IS NULL
  ) THEN
    PERFORM "catalogue_counts_add"(OLD."shop_id", 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (
    SELECT 1 FROM "articles" a JOIN "depots" d ON d."id" = NEW."depot_id" AND d."deleted_at" IS NULL
    WHERE a."id" = NEW."article_id" AND a."deleted_at" IS NULL
  ) THEN
    PERFORM "catalogue_counts_add"(NEW."shop_id", 0, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "depots_catalogue_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL THEN
    SELECT count(*)::int INTO n FROM "stock_levels" s JOIN "articles" a ON a."id" = s."article_id" AND a."deleted_at" IS NULL
      WHERE s."depot_id" = OLD."id";
    PERFORM "catalogue_counts_add"(OLD."shop_id", 0, -n);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL THEN
    SELECT count(*)::int INTO n FROM "stock_levels" s JOIN "articles" a ON a."id" = s."article_id" AND a."deleted_at" IS NULL
      WHERE s."depot_id" = NEW."id";
    PERFORM "catalogue_counts_add"(NEW."shop_id", 0, n);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "articles_catalogue_counts_insert_delete" AFTER INSERT OR DELETE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "articles_catalogue_counts"();
--> statement-breakpoint
CREATE TRIGGER "articles_catalogue_counts_update" AFTER UPDATE ON "articles" FOR EACH ROW
  WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id")
  EXECUTE FUNCTION "articles_catalogue_counts"();
--> statement-breakpoint
CREATE TRIGGER "stock_levels_catalogue_counts_insert_delete" AFTER INSERT OR DELETE ON "stock_levels"
  FOR EACH ROW EXECUTE FUNCTION "stock_levels_catalogue_counts"();
--> statement-breakpoint
-- Only a change of article, depot or shop moves a count (the sales rewrite the quantities).
CREATE TRIGGER "stock_levels_catalogue_counts_update" AFTER UPDATE ON "stock_levels" FOR EACH ROW
  WHEN (OLD."article_id" IS DISTINCT FROM NEW."article_id" OR OLD."depot_id" IS DISTINCT FROM NEW."depot_id"
    OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id")
  EXECUTE FUNCTION "stock_levels_catalogue_counts"();
--> statement-breakpoint
CREATE TRIGGER "depots_catalogue_counts_delete" AFTER DELETE ON "depots"
  FOR EACH ROW EXECUTE FUNCTION "depots_catalogue_counts"();
--> statement-breakpoint
CREATE TRIGGER "depots_catalogue_counts_update" AFTER UPDATE ON "depots" FOR EACH ROW
  WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."shop_id" IS DISTINCT FROM NEW."shop_id")
  EXECUTE FUNCTION "depots_catalogue_counts"();
--> statement-breakpoint
-- A shop's row recomputed from the raw rows: the backfill below, bulk loads made with the triggers off.
CREATE FUNCTION "catalogue_counts_rebuild"("p_shop" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "catalogue_counts" ("shop_id", "live_articles", "live_levels")
  SELECT "p_shop",
    (SELECT count(*) FROM "articles" WHERE "shop_id" = "p_shop" AND "deleted_at" IS NULL),
    (SELECT count(*) FROM "stock_levels" s
      JOIN "articles" a ON a."id" = s."article_id" AND a."deleted_at" IS NULL
      JOIN "depots" d ON d."id" = s."depot_id" AND d."deleted_at" IS NULL
      WHERE s."shop_id" = "p_shop")
  ON CONFLICT ("shop_id") DO UPDATE SET "live_articles" = excluded."live_articles", "live_levels" = excluded."live_levels"
$$;
--> statement-breakpoint
SELECT "catalogue_counts_rebuild"("id") FROM "shops";
