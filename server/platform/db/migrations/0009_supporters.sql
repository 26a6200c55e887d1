CREATE TABLE "index_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sns_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"follower_count" integer,
	"status" text DEFAULT '審査中' NOT NULL,
	"ownership_code" text NOT NULL,
	"ownership_check" text,
	"reject_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "favorites_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "index_pictures" ADD CONSTRAINT "index_pictures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sns_accounts" ADD CONSTRAINT "sns_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sns_accounts" ADD CONSTRAINT "sns_accounts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_reviews" ADD CONSTRAINT "supporter_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_reviews" ADD CONSTRAINT "supporter_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "index_pictures_active_position_idx" ON "index_pictures" USING btree ("active","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sns_accounts_platform_handle_unique" ON "sns_accounts" USING btree ("platform",lower("handle")) WHERE "sns_accounts"."status" <> '却下';--> statement-breakpoint
CREATE INDEX "sns_accounts_user_idx" ON "sns_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sns_accounts_queue_idx" ON "sns_accounts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "supporter_reviews_user_idx" ON "supporter_reviews" USING btree ("user_id","id");