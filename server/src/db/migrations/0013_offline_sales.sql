CREATE TABLE "stock_discrepancies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_discrepancies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"depot_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"covered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	"reception_id" integer,
	"count_id" integer,
	CONSTRAINT "stock_discrepancies_quantity_check" CHECK ("stock_discrepancies"."quantity" > 0 and "stock_discrepancies"."covered" >= 0 and "stock_discrepancies"."covered" <= "stock_discrepancies"."quantity" and ("stock_discrepancies"."resolved_at" is null) = ("stock_discrepancies"."resolution" is null))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "list_price_fcfa" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ticket_ref" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "late_sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_discrepancies" ADD CONSTRAINT "stock_discrepancies_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_discrepancies_shop_created_idx" ON "stock_discrepancies" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_discrepancies_open_idx" ON "stock_discrepancies" USING btree ("depot_id","article_id","id") WHERE "stock_discrepancies"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "stock_discrepancies_invoice_idx" ON "stock_discrepancies" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_shop_ticket_ref_key" ON "invoices" USING btree ("shop_id","ticket_ref") WHERE "invoices"."ticket_ref" is not null;