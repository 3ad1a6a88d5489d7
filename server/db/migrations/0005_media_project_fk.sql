-- media.project_id becomes a foreign key to projects(id) (docs/decisions/008-media-storage.md).
-- Rows written before this link was checked may name a project in another case or one that no
-- longer exists: fix the case where the project is found, clear the rest, then add the key.
UPDATE "media" SET "project_id" = "projects"."id" FROM "projects" WHERE upper(trim("media"."project_id")) = "projects"."id" AND "media"."project_id" <> "projects"."id";--> statement-breakpoint
UPDATE "media" SET "project_id" = NULL WHERE "project_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "projects" WHERE "projects"."id" = "media"."project_id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
