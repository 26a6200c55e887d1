CREATE TABLE "advertisements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT '下書き' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"landing_url" text,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"units" integer,
	"reward" integer,
	"starts_on" date,
	"ends_on" date,
	"is_first" boolean DEFAULT false NOT NULL,
	"fee_waived" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	"reviewed_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisements_money_check" CHECK ("advertisements"."units" is null or "advertisements"."units" > 0),
	CONSTRAINT "advertisements_reward_check" CHECK ("advertisements"."reward" is null or "advertisements"."reward" >= 100)
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertisement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"reward" integer NOT NULL,
	"platform" text,
	"short_link_id" integer,
	"post_url" text,
	"submissions" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"reject_note" text,
	"judged_by" integer,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"judged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_link_clicks" (
	"link_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "short_link_clicks_link_id_day_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
CREATE TABLE "short_link_visitors" (
	"link_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "short_link_visitors_link_id_visitor_pk" PRIMARY KEY("link_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"target_url" text NOT NULL,
	"purpose" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_mails" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_short_link_id_short_links_id_fk" FOREIGN KEY ("short_link_id") REFERENCES "public"."short_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_judged_by_users_id_fk" FOREIGN KEY ("judged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_clicks" ADD CONSTRAINT "short_link_clicks_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_visitors" ADD CONSTRAINT "short_link_visitors_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_shop_idx" ON "advertisements" USING btree ("shop_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "advertisements_status_idx" ON "advertisements" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "advertisements_first_per_shop" ON "advertisements" USING btree ("shop_id") WHERE "advertisements"."is_first";--> statement-breakpoint
CREATE UNIQUE INDEX "units_advertisement_user_unique" ON "units" USING btree ("advertisement_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_post_url_unique" ON "units" USING btree ("post_url");--> statement-breakpoint
CREATE INDEX "units_user_status_idx" ON "units" USING btree ("user_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "units_advertisement_status_idx" ON "units" USING btree ("advertisement_id","status");--> statement-breakpoint
CREATE INDEX "units_status_expires_idx" ON "units" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "short_link_visitors_counted_idx" ON "short_link_visitors" USING btree ("counted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code_unique" ON "short_links" USING btree ("code");