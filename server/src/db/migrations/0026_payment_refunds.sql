-- Refunds (DECISIONS §12): an invoice deleted after its payment's register day was closed gives the
-- money back on an open day, as a payment row of its own (refund_of, amounts negated), so that the
-- closed day stays as it was counted. A refund moves the day's amount paid, not its count of payments.
ALTER TABLE "payments" DROP CONSTRAINT "payments_amounts_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refund_of_key" ON "payments" USING btree ("refund_of") WHERE "payments"."refund_of" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts_check" CHECK ((("payments"."refund_of" is null and "payments"."applied_fcfa" > 0 and "payments"."handed_fcfa" >= "payments"."applied_fcfa"
          and "payments"."change_fcfa" = "payments"."handed_fcfa" - "payments"."applied_fcfa" and ("payments"."method" = 'cash' or "payments"."change_fcfa" = 0))
        or ("payments"."refund_of" is not null and "payments"."applied_fcfa" < 0 and "payments"."handed_fcfa" = "payments"."applied_fcfa" and "payments"."change_fcfa" = 0))
        and "payments"."remaining_after_fcfa" >= 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_sales_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "new_payments" WHERE "voided_at" IS NULL AND "invoice_id" IS DISTINCT FROM "sale_day_totals_written"()) THEN
      RETURN NULL;
    END IF;
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", (CASE WHEN "refund_of" IS NULL THEN 1 ELSE 0 END) AS "n", "applied_fcfa"::bigint AS "paid" FROM "new_payments" WHERE "voided_at" IS NULL
      AND "invoice_id" IS DISTINCT FROM "sale_day_totals_written"()) d
    JOIN "shops" s ON s."id" = d."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."paid") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", -(CASE WHEN "refund_of" IS NULL THEN 1 ELSE 0 END) AS "n", -"applied_fcfa"::bigint AS "paid" FROM "old_payments" WHERE "voided_at" IS NULL) d
    JOIN "shops" s ON s."id" = d."shop_id"
    GROUP BY 1, 2
    HAVING sum(d."n") <> 0 OR sum(d."paid") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("shop_id", "day") DO UPDATE SET "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa";
  ELSE
    INSERT INTO "sales_daily_totals" AS t ("shop_id", "day", "payments", "paid_fcfa")
    SELECT d."shop_id", (d."created_at" AT TIME ZONE s."time_zone")::date, sum(d."n")::int, sum(d."paid")::bigint
    FROM (SELECT "shop_id", "created_at", -(CASE WHEN "refund_of" IS NULL THEN 1 ELSE 0 END) AS "n", -"applied_fcfa"::bigint AS "paid" FROM "old_payments" WHERE "voided_at" IS NULL UNION ALL SELECT "shop_id", "created_at", (CASE WHEN "refund_of" IS NULL THEN 1 ELSE 0 END) AS "n", "applied_fcfa"::bigint AS "paid" FROM "new_payments" WHERE "voided_at" IS NULL) d
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
CREATE OR REPLACE FUNCTION "sales_daily_totals_rebuild"("p_shop" integer) RETURNS void LANGUAGE sql AS $$
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
    SELECT (p."created_at" AT TIME ZONE s."time_zone")::date, 0, 0, 0, 0, 0, 0, 0, 0, (p."refund_of" IS NULL)::int, p."applied_fcfa"
    FROM "payments" p JOIN "shops" s ON s."id" = p."shop_id"
    WHERE p."shop_id" = "p_shop" AND p."voided_at" IS NULL
  ) x
  GROUP BY x."day"
$$;
