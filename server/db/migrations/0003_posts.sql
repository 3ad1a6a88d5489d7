CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text,
	"featured_image" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"post_type" text DEFAULT 'blog' NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"tags" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "posts_type_check" CHECK ("posts"."post_type" in ('blog', 'portfolio', 'case_study'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_key" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_public_idx" ON "posts" USING btree ("post_type","status","published_at");