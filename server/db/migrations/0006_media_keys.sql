-- Media are addressed by an unguessable key instead of their running number
-- (docs/decisions/012-private-media.md).
CREATE TABLE "post_media_refs" (
	"post_id" bigint NOT NULL,
	"media_key" text NOT NULL,
	CONSTRAINT "post_media_refs_post_id_media_key_pk" PRIMARY KEY("post_id","media_key")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Existing rows get a key made in the database: the 122 random bits of a version 4 UUID
-- (a strong random source in PostgreSQL 13+), as 22 base64url characters like the app's own.
ALTER TABLE "media" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "media" SET "key" = rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_media_refs" ADD CONSTRAINT "post_media_refs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_media_refs_key_idx" ON "post_media_refs" USING btree ("media_key");--> statement-breakpoint
CREATE UNIQUE INDEX "media_key_key" ON "media" USING btree ("key");--> statement-breakpoint
-- Every media address a post mentions (featured_image and content, relative or absolute),
-- kept by the database itself, so every writer of posts keeps it right.
CREATE FUNCTION "post_media_refs_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "post_media_refs" WHERE "post_id" = NEW."id";
	INSERT INTO "post_media_refs" ("post_id", "media_key")
		SELECT DISTINCT NEW."id", m[1]
		FROM regexp_matches(coalesce(NEW."featured_image", '') || ' ' || NEW."content", '/api/media/([A-Za-z0-9_-]+)', 'g') AS m;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_media_refs" AFTER INSERT OR UPDATE OF "content", "featured_image" ON "posts"
	FOR EACH ROW EXECUTE FUNCTION "post_media_refs_sync"();--> statement-breakpoint
-- Posts saved before this change point at /api/media/<id>: point them at the file's key, so no
-- published picture breaks. The look-ahead keeps /api/media/1 from matching /api/media/12 (or a
-- key that happens to start with digits). The trigger records the rewritten references.
DO $$
DECLARE
	r record;
	old_address text;
BEGIN
	FOR r IN SELECT "id", "key" FROM "media" LOOP
		old_address := '/api/media/' || r."id" || '(?![A-Za-z0-9_-])';
		UPDATE "posts"
		SET "content" = regexp_replace("content", old_address, '/api/media/' || r."key", 'g'),
			"featured_image" = regexp_replace("featured_image", old_address, '/api/media/' || r."key", 'g')
		WHERE "content" ~ old_address OR "featured_image" ~ old_address;
	END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "post_media_refs" ("post_id", "media_key")
	SELECT DISTINCT p."id", m[1]
	FROM "posts" p, regexp_matches(coalesce(p."featured_image", '') || ' ' || p."content", '/api/media/([A-Za-z0-9_-]+)', 'g') AS m
	ON CONFLICT DO NOTHING;
