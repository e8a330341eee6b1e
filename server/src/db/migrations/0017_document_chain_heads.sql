CREATE TABLE "document_chain_heads" (
	"shop_id" integer NOT NULL,
	"series" text NOT NULL,
	"seq" integer NOT NULL,
	"chain_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "document_chain_heads_shop_id_series_pk" PRIMARY KEY("shop_id","series")
);
--> statement-breakpoint
ALTER TABLE "document_chain_heads" ADD CONSTRAINT "document_chain_heads_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "document_chain_heads" ("shop_id", "series", "seq", "chain_hash", "content_hash")
SELECT DISTINCT ON ("shop_id", "series") "shop_id", "series", "seq", "chain_hash", "content_hash"
FROM "issued_documents" ORDER BY "shop_id", "series", "seq" DESC;
