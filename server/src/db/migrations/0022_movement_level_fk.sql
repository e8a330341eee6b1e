-- A stock movement names its level (article, depot, shop) by one foreign key instead of naming its
-- shop, article and depot by three: a movement always belongs to a level (the ledger writes both in
-- one statement, stock/stock-ledger.service.ts), and the level's own keys hold its article, depot
-- and shop. One check per movement instead of three (a till sale of 5 lines: 5 instead of 15, about
-- a quarter of the sale's foreign-key checks; issue 19), and a movement can no longer name an
-- article and a depot of another shop than its own. Added NOT VALID then validated: the rows
-- already there are checked without blocking writes to the table meanwhile.
CREATE UNIQUE INDEX "stock_levels_article_depot_shop_key" ON "stock_levels" USING btree ("article_id","depot_id","shop_id");
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_level_fk" FOREIGN KEY ("article_id","depot_id","shop_id") REFERENCES "public"."stock_levels"("article_id","depot_id","shop_id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "stock_movements" VALIDATE CONSTRAINT "stock_movements_level_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_article_id_articles_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_depot_id_depots_id_fk";
