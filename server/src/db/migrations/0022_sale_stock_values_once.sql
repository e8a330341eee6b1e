-- A till's online sale (one statement, its own transaction: sales/invoice-writes.ts `oneStatement`)
-- adds its own stock out to its depot's value row (depot_stock_values, migration 0010) by an upsert
-- of that statement (stock/stock-ledger.service.ts `stockTakeInStatement`), at the place where it
-- already locked that row, instead of the levels' statement trigger doing it again at the statement's
-- end (issue 19). The statement marks it with set_config('boutiko.sale_stock_values', <its
-- statement_timestamp()>, true): the levels' UPDATE trigger then leaves that statement out, and only
-- that one (the mark names the statement's start, and is local to its transaction). Every level an
-- UPDATE of that statement changes is a level the upsert counted: the sale changes levels in one
-- place (the ledger's `changed`), and nothing else in it updates stock_levels.
--
-- The article's purchase price the upsert multiplies by is the one of the article row the statement
-- holds FOR KEY SHARE (the newest version, when it waited for a price change to commit): the same
-- serialization as the trigger's fresh read. A price change not yet committed waits on that lock
-- before it reads the levels (its trigger takes the article FOR UPDATE), and then reads the levels
-- as the sale left them.
--
-- The lines' and payments' INSERT triggers of the same statement found nothing to count (the
-- statement counted its invoice's day totals itself, migration 0021) but still ran their upsert on
-- no rows: they now return at once when every new row belongs to the marked invoice.
--
-- Whether the running statement added its own stock changes to the depots' values.
CREATE FUNCTION "sale_stock_values_written"() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('boutiko.sale_stock_values', true) IS NOT DISTINCT FROM statement_timestamp()::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stock_levels_depot_stock_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND "sale_stock_values_written"() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "depot_stock_values" AS t ("depot_id", "shop_id", "value_fcfa", "articles", "quantity")
    SELECT n."depot_id", min(n."shop_id"), sum((n."qty_in" - n."qty_out")::bigint * a."cost_fcfa"),
      count(*) FILTER (WHERE n."qty_in" > n."qty_out"), sum(n."qty_in" - n."qty_out")
    FROM "new_levels" n JOIN "articles" a ON a."id" = n."article_id" AND a."deleted_at" IS NULL
    WHERE n."qty_in" <> n."qty_out"
    GROUP BY n."depot_id" ORDER BY n."depot_id"
    ON CONFLICT ("depot_id") DO UPDATE SET "value_fcfa" = t."value_fcfa" + excluded."value_fcfa",
      "articles" = t."articles" + excluded."articles", "quantity" = t."quantity" + excluded."quantity";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "depot_stock_values" AS t ("depot_id", "shop_id", "value_fcfa", "articles", "quantity")
    SELECT o."depot_id", min(o."shop_id"), -sum((o."qty_in" - o."qty_out")::bigint * a."cost_fcfa"),
      -count(*) FILTER (WHERE o."qty_in" > o."qty_out"), -sum(o."qty_in" - o."qty_out")
    FROM "old_levels" o JOIN "articles" a ON a."id" = o."article_id" AND a."deleted_at" IS NULL
    WHERE o."qty_in" <> o."qty_out"
    GROUP BY o."depot_id" ORDER BY o."depot_id"
    ON CONFLICT ("depot_id") DO UPDATE SET "value_fcfa" = t."value_fcfa" + excluded."value_fcfa",
      "articles" = t."articles" + excluded."articles", "quantity" = t."quantity" + excluded."quantity";
  ELSE
    INSERT INTO "depot_stock_values" AS t ("depot_id", "shop_id", "value_fcfa", "articles", "quantity")
    SELECT d."depot_id", min(d."shop_id"), sum(d."units" * a."cost_fcfa"), sum(d."in_stock"), sum(d."units")
    FROM (
      SELECT o."depot_id", o."shop_id", o."article_id", -(o."qty_in" - o."qty_out")::bigint AS "units",
        -(o."qty_in" > o."qty_out")::int AS "in_stock"
      FROM "old_levels" o
      UNION ALL
      SELECT n."depot_id", n."shop_id", n."article_id", (n."qty_in" - n."qty_out")::bigint, (n."qty_in" > n."qty_out")::int
      FROM "new_levels" n
    ) d JOIN "articles" a ON a."id" = d."article_id" AND a."deleted_at" IS NULL
    GROUP BY d."depot_id"
    HAVING sum(d."units") <> 0 OR sum(d."in_stock") <> 0 OR sum(d."units" * a."cost_fcfa") <> 0
    ORDER BY d."depot_id"
    ON CONFLICT ("depot_id") DO UPDATE SET "value_fcfa" = t."value_fcfa" + excluded."value_fcfa",
      "articles" = t."articles" + excluded."articles", "quantity" = t."quantity" + excluded."quantity";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_lines_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "new_lines" WHERE "invoice_id" IS DISTINCT FROM "sale_day_totals_written"()) THEN
      RETURN NULL;
    END IF;
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
    IF NOT EXISTS (SELECT 1 FROM "new_payments" WHERE "voided_at" IS NULL AND "invoice_id" IS DISTINCT FROM "sale_day_totals_written"()) THEN
      RETURN NULL;
    END IF;
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
