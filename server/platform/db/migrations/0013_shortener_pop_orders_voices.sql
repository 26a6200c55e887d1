CREATE TABLE "customer_voices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"ordered_by" integer,
	"quantity" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"postal_code" text NOT NULL,
	"prefecture" text NOT NULL,
	"address" text NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '受付' NOT NULL,
	"shipped_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_voices" ADD CONSTRAINT "customer_voices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_orders" ADD CONSTRAINT "pop_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_orders" ADD CONSTRAINT "pop_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pop_orders" ADD CONSTRAINT "pop_orders_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_voices_published_position_idx" ON "customer_voices" USING btree ("published","position");--> statement-breakpoint
CREATE INDEX "pop_orders_shop_idx" ON "pop_orders" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "pop_orders_status_idx" ON "pop_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "short_links_purpose_id_idx" ON "short_links" USING btree ("purpose","id");