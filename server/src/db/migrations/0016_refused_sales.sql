CREATE TABLE "refused_sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refused_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"sale_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_ref" text NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"total_fcfa" bigint NOT NULL,
	"reason_code" text NOT NULL,
	"reason_message" text NOT NULL,
	"lines" jsonb NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	CONSTRAINT "refused_sales_handled_check" CHECK (("refused_sales"."handled_at" is null) = ("refused_sales"."handled_by" is null))
);
--> statement-breakpoint
ALTER TABLE "refused_sales" ADD CONSTRAINT "refused_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_sales" ADD CONSTRAINT "refused_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_sales" ADD CONSTRAINT "refused_sales_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refused_sales_shop_sale_key" ON "refused_sales" USING btree ("shop_id","sale_id");--> statement-breakpoint
CREATE INDEX "refused_sales_shop_reported_idx" ON "refused_sales" USING btree ("shop_id","reported_at");