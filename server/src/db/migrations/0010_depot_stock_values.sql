CREATE TABLE "depot_stock_values" (
	"depot_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"value_fcfa" bigint DEFAULT 0 NOT NULL,
	"articles" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "depot_stock_values_shop_idx" ON "depot_stock_values" USING btree ("shop_id");--> statement-breakpoint
-- The triggers below keep depot_stock_values in the transaction of every write to stock levels and
-- articles. A level is worth its available quantity (qty_in - qty_out) x its article's purchase price
-- while the article is live; it counts as an article in stock while that quantity is above 0.
--
-- Exactness under concurrency: a level's change and a change of its article's price are serialized
-- on the level row. The ledger holds the level locked (FOR UPDATE) while its statement's trigger
-- reads the price; the articles trigger locks the article's levels before it reads their quantities,
-- after taking the article FOR UPDATE, which waits for any transaction that is opening a level of it
-- (a stock_levels insert holds its article FOR KEY SHARE). Either way, whichever commits second
-- reads what the first committed (each statement of a trigger takes a fresh snapshot in READ
-- COMMITTED). Rows are upserted in depot order, so that two statements never wait on each other's rows.
-- Adds signed amounts to depots' rows, from (depot, shop, value, articles, quantity) deltas.
CREATE FUNCTION "stock_levels_depot_stock_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "stock_levels_depot_stock_values_insert" AFTER INSERT ON "stock_levels"
  REFERENCING NEW TABLE AS "new_levels" FOR EACH STATEMENT EXECUTE FUNCTION "stock_levels_depot_stock_values"();
--> statement-breakpoint
CREATE TRIGGER "stock_levels_depot_stock_values_update" AFTER UPDATE ON "stock_levels"
  REFERENCING OLD TABLE AS "old_levels" NEW TABLE AS "new_levels" FOR EACH STATEMENT EXECUTE FUNCTION "stock_levels_depot_stock_values"();
--> statement-breakpoint
CREATE TRIGGER "stock_levels_depot_stock_values_delete" AFTER DELETE ON "stock_levels"
  REFERENCING OLD TABLE AS "old_levels" FOR EACH STATEMENT EXECUTE FUNCTION "stock_levels_depot_stock_values"();
--> statement-breakpoint
-- An article's price or liveness changes the worth of all its levels: the old worth leaves each
-- depot, the new one joins it, read from the levels locked in the ledger's (depot, article) order.
CREATE FUNCTION "articles_depot_stock_values"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_cost bigint := CASE WHEN OLD."deleted_at" IS NULL THEN OLD."cost_fcfa" ELSE 0 END;
  new_cost bigint := CASE WHEN NEW."deleted_at" IS NULL THEN NEW."cost_fcfa" ELSE 0 END;
  live_change integer := (NEW."deleted_at" IS NULL)::int - (OLD."deleted_at" IS NULL)::int;
BEGIN
  PERFORM 1 FROM "articles" WHERE "id" = NEW."id" FOR UPDATE;
  WITH l AS (
    SELECT "depot_id", "shop_id", ("qty_in" - "qty_out")::bigint AS "units" FROM "stock_levels"
    WHERE "article_id" = NEW."id" ORDER BY "depot_id" FOR UPDATE
  )
  INSERT INTO "depot_stock_values" AS t ("depot_id", "shop_id", "value_fcfa", "articles", "quantity")
  SELECT l."depot_id", min(l."shop_id"), sum(l."units") * (new_cost - old_cost),
    count(*) FILTER (WHERE l."units" > 0) * live_change, sum(l."units") * live_change
  FROM l WHERE l."units" <> 0
  GROUP BY l."depot_id" ORDER BY l."depot_id"
  ON CONFLICT ("depot_id") DO UPDATE SET "value_fcfa" = t."value_fcfa" + excluded."value_fcfa",
    "articles" = t."articles" + excluded."articles", "quantity" = t."quantity" + excluded."quantity";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "articles_depot_stock_values" AFTER UPDATE ON "articles" FOR EACH ROW
  WHEN (OLD."cost_fcfa" IS DISTINCT FROM NEW."cost_fcfa" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at")
  EXECUTE FUNCTION "articles_depot_stock_values"();
--> statement-breakpoint
-- A shop's rows recomputed from the raw rows: the backfill below, bulk loads made with the triggers off.
CREATE FUNCTION "depot_stock_values_rebuild"("p_shop" integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "depot_stock_values" WHERE "shop_id" = "p_shop";
  INSERT INTO "depot_stock_values" ("depot_id", "shop_id", "value_fcfa", "articles", "quantity")
  SELECT s."depot_id", "p_shop", sum((s."qty_in" - s."qty_out")::bigint * a."cost_fcfa"),
    count(*) FILTER (WHERE s."qty_in" > s."qty_out"), sum(s."qty_in" - s."qty_out")
  FROM "stock_levels" s JOIN "articles" a ON a."id" = s."article_id" AND a."deleted_at" IS NULL
  WHERE s."shop_id" = "p_shop"
  GROUP BY s."depot_id"
$$;
--> statement-breakpoint
SELECT "depot_stock_values_rebuild"("id") FROM "shops";
