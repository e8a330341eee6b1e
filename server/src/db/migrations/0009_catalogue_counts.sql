CREATE TABLE "catalogue_counts" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"live_articles" integer DEFAULT 0 NOT NULL,
	"live_levels" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_counts" ADD CONSTRAINT "catalogue_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
