-- A till's online sale (one statement, its own transaction: sales/invoice-writes.ts `oneStatement`)
-- adds to its shop's day totals ONCE, by an upsert of its own in that statement, instead of three
-- times (the invoice's row trigger, its lines' and its payments' statement triggers: three new
-- versions of the shop's hottest row, each a trigger call and an upsert; issue 19). The statement
-- marks what it counted with set_config('boutiko.sale_day_totals', '<invoice id>@<its
-- statement_timestamp()>', true), and the three triggers leave that invoice's insert, lines and
-- payments out. The mark is for that statement alone: it names the statement's start, which no
-- later statement shares, and it is local to the transaction (gone at its end, undone with it).
-- Every other write (an edit, a deletion, a later payment of the same invoice) counts as before.
-- The triggers run at the statement's end, after every part of it, so they always see the mark.
--
-- The invoice whose day totals the running statement wrote itself, or NULL.
CREATE FUNCTION "sale_day_totals_written"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN split_part(current_setting('boutiko.sale_day_totals', true), '@', 2) = statement_timestamp()::text
    THEN split_part(current_setting('boutiko.sale_day_totals', true), '@', 1)::integer END
$$;
--> statement-breakpoint
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
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL
    AND NOT (TG_OP = 'INSERT' AND NEW."id" IS NOT DISTINCT FROM "sale_day_totals_written"()) THEN
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
CREATE OR REPLACE FUNCTION "invoice_lines_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "lines", "units", "cost_fcfa")
    SELECT i."shop_id", (i."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."units")::bigint, sum(d."cost")::bigint
    FROM (SELECT "invoice_id", 1 AS "n", "quantity"::bigint AS "units", "quantity"::bigint * "unit_cost_fcfa" AS "cost" FROM "new_lines"
      WHERE "invoice_id" IS DISTINCT FROM "sale_day_totals_written"()) d
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
CREATE OR REPLACE FUNCTION "payments_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", 1 AS "n", "applied_fcfa"::bigint AS "paid" FROM "new_payments" WHERE "voided_at" IS NULL
      AND "invoice_id" IS DISTINCT FROM "sale_day_totals_written"()) d
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
