-- The two functions that add to the read totals, called once per write by the row triggers of
-- invoices (a sale's day totals) and of articles, levels and depots (the catalogue counts), are
-- rewritten in plpgsql, with the same statement and the same arguments. A LANGUAGE sql function
-- that is not inlined (an INSERT cannot be) is parsed and planned again at every call on
-- PostgreSQL 15; plpgsql keeps its statement's plan for the session (issue 19: about 0.15 ms of
-- every sale inside PostgreSQL, measured in bench/README.md).
CREATE OR REPLACE FUNCTION "sales_daily_totals_add"("p_shop" integer, "p_at" timestamptz, "p_live" integer, "p_invoices" integer,
  "p_unsettled" integer, "p_undelivered" integer, "p_lines" integer, "p_units" bigint, "p_sold" bigint, "p_cost" bigint,
  "p_payments" integer, "p_paid" bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
    "payments" = t."payments" + excluded."payments", "paid_fcfa" = t."paid_fcfa" + excluded."paid_fcfa";
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_counts_add"("p_shop" integer, "p_articles" integer, "p_levels" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_counts" AS t ("shop_id", "live_articles", "live_levels") VALUES ("p_shop", "p_articles", "p_levels")
  ON CONFLICT ("shop_id") DO UPDATE SET
    "live_articles" = t."live_articles" + excluded."live_articles", "live_levels" = t."live_levels" + excluded."live_levels";
END
$$;
