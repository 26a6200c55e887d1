CREATE TABLE "entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"recruitment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT '応募中' NOT NULL,
	"answer" text,
	"post_url" text,
	"visited_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benefit" text NOT NULL,
	"benefit_value" integer NOT NULL,
	"winners_count" integer NOT NULL,
	"application_starts_at" timestamp with time zone NOT NULL,
	"application_ends_at" timestamp with time zone NOT NULL,
	"visit_starts_at" timestamp with time zone NOT NULL,
	"visit_ends_at" timestamp with time zone NOT NULL,
	"platform" text NOT NULL,
	"conditions" text NOT NULL,
	"target_prefecture" text,
	"target_audience" text DEFAULT 'everyone' NOT NULL,
	"question" text,
	"status" text DEFAULT '下書き' NOT NULL,
	"publish_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"seed" text,
	"seed_commitment" text,
	"drawn_at" timestamp with time zone,
	"entry_ids" jsonb,
	"entry_ids_hash" text,
	"winner_entry_ids" jsonb,
	"declined_entry_ids" jsonb,
	"selection" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_recruitment_id_recruitments_id_fk" FOREIGN KEY ("recruitment_id") REFERENCES "public"."recruitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitments" ADD CONSTRAINT "recruitments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitments" ADD CONSTRAINT "recruitments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_recruitment_user_unique" ON "entries" USING btree ("recruitment_id","user_id");--> statement-breakpoint
CREATE INDEX "entries_user_idx" ON "entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "entries_recruitment_status_idx" ON "entries" USING btree ("recruitment_id","status","id");--> statement-breakpoint
CREATE INDEX "recruitments_status_ends_idx" ON "recruitments" USING btree ("status","application_ends_at","id");--> statement-breakpoint
CREATE INDEX "recruitments_shop_idx" ON "recruitments" USING btree ("shop_id","id");