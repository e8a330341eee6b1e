-- Lists order articles by designation as a reader does: lower case, accents off (« Câble » before
-- « Crayon », « ail » before « Zinc »), whatever the database's collation (PGlite and a C-collated
-- PostgreSQL compare bytes). A stored generated column, indexed for the catalogue's live order.
DROP INDEX "articles_shop_live_designation_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (translate(lower(designation), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ', 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_shop_live_sort_idx" ON "articles" USING btree ("shop_id","sort_key","id") WHERE "articles"."deleted_at" is null;