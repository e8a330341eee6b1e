-- The day totals of invoice lines and payments are kept per statement instead of per row: a sale's
-- 5 lines (or a split payment's 2 payments) add to the shop's day row once, not 5 times. Each
-- upsert writes a new version of that hot row and holds it until the sale commits; the figures are
-- the same (the random totals test recomputes them from the raw rows). PostgreSQL allows one event
-- per trigger with transition tables: one trigger each for insert, update and delete, one function.
DROP TRIGGER "invoice_lines_sales_daily_totals" ON "invoice_lines";
--> statement-breakpoint
DROP TRIGGER "payments_sales_daily_totals_insert_delete" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_sales_daily_totals_update" ON "payments";
--> statement-breakpoint
DROP FUNCTION "invoice_lines_sales_daily_totals"();
--> statement-breakpoint
DROP FUNCTION "payments_sales_daily_totals"();
--> statement-breakpoint
-- A new invoice's lines are counted by their own trigger, whether they are inserted by a later
-- statement or by the same one (a sale writes its invoice, lines and payments in one statement, whose
-- AFTER triggers all see every row it wrote): the invoice's insert counts none of them. Its changes
-- still move its lines from one day to another, or in and out of the figures.
CREATE OR REPLACE FUNCTION "invoices_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INTO l FROM "invoice_lines" WHERE sale AND TG_OP = 'UPDATE' AND "invoice_id" = NEW."id";
    PERFORM "sales_daily_totals_add"(NEW."shop_id", NEW."created_at", 1, CASE WHEN sale THEN 1 ELSE 0 END,
      CASE WHEN sale AND NOT NEW."settled" THEN 1 ELSE 0 END, CASE WHEN sale AND NOT NEW."delivered" THEN 1 ELSE 0 END,
      l.n, l.units, CASE WHEN sale THEN NEW."total_fcfa" ELSE 0 END, l.cost, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A line counts while its invoice is a live sale.
CREATE FUNCTION "invoice_lines_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "lines", "units", "cost_fcfa")
    SELECT i."shop_id", (i."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."units")::bigint, sum(d."cost")::bigint
    FROM (SELECT "invoice_id", 1 AS "n", "quantity"::bigint AS "units", "quantity"::bigint * "unit_cost_fcfa" AS "cost" FROM "new_lines") d
    JOIN "invoices" i ON i."id" = d."invoice_id" AND i."deleted_at" IS NULL AND i."type_id" <> 3
    JOIN "shops" s ON s."id" = i."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."units") <> 0 OR sum(d."cost") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "lines" = t."lines" + excluded."lines", "units" = t."units" + excluded."units",
      "cost_fcfa" = t."cost_fcfa" + excluded."cost_fcfa";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "lines", "units", "cost_fcfa")
    SELECT i."shop_id", (i."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."units")::bigint, sum(d."cost")::bigint
    FROM (SELECT "invoice_id", -1 AS "n", -"quantity"::bigint AS "units", -("quantity"::bigint * "unit_cost_fcfa") AS "cost" FROM "old_lines") d
    JOIN "invoices" i ON i."id" = d."invoice_id" AND i."deleted_at" IS NULL AND i."type_id" <> 3
    JOIN "shops" s ON s."id" = i."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."units") <> 0 OR sum(d."cost") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "lines" = t."lines" + excluded."lines", "units" = t."units" + excluded."units",
      "cost_fcfa" = t."cost_fcfa" + excluded."cost_fcfa";
  ELSE
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "lines", "units", "cost_fcfa")
    SELECT i."shop_id", (i."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."units")::bigint, sum(d."cost")::bigint
    FROM (SELECT "invoice_id", -1 AS "n", -"quantity"::bigint AS "units", -("quantity"::bigint * "unit_cost_fcfa") AS "cost" FROM "old_lines" UNION ALL SELECT "invoice_id", 1 AS "n", "quantity"::bigint AS "units", "quantity"::bigint * "unit_cost_fcfa" AS "cost" FROM "new_lines") d
    JOIN "invoices" i ON i."id" = d."invoice_id" AND i."deleted_at" IS NULL AND i."type_id" <> 3
    JOIN "shops" s ON s."id" = i."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."units") <> 0 OR sum(d."cost") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "lines" = t."lines" + excluded."lines", "units" = t."units" + excluded."units",
      "cost_fcfa" = t."cost_fcfa" + excluded."cost_fcfa";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_sales_daily_totals_insert" AFTER INSERT ON "invoice_lines"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_lines_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_sales_daily_totals_update" AFTER UPDATE ON "invoice_lines"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_lines_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_sales_daily_totals_delete" AFTER DELETE ON "invoice_lines"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_lines_sales_daily_totals"();
--> statement-breakpoint
-- A payment counts on its own day while it is not voided.
CREATE FUNCTION "payments_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", 1 AS "n", "applied_fcfa"::bigint AS "paid" FROM "new_payments" WHERE "voided_at" IS NULL) d
    JOIN "shops" s ON s."id" = d."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."paid") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", -1 AS "n", -"applied_fcfa"::bigint AS "paid" FROM "old_payments" WHERE "voided_at" IS NULL) d
    JOIN "shops" s ON s."id" = d."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."paid") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa";
  ELSE
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", -1 AS "n", -"applied_fcfa"::bigint AS "paid" FROM "old_payments" WHERE "voided_at" IS NULL UNION ALL SELECT "shop_id", "created_at", 1 AS "n", "applied_fcfa"::bigint AS "paid" FROM "new_payments" WHERE "voided_at" IS NULL) d
    JOIN "shops" s ON s."id" = d."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."paid") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_sales_daily_totals_insert" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payments_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "payments_sales_daily_totals_update" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payments_sales_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "payments_sales_daily_totals_delete" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "old_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payments_sales_daily_totals"();
