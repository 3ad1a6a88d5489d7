-- The owner's lists keep each filter's total in memory while their tables' changes numbers stay
-- where they were (server/services/list-totals.ts; contacts since 0012): every statement that
-- changes one of these tables takes the next number of its sequence. Sequences, not counter rows:
-- concurrent writers never wait on each other for them.
CREATE OR REPLACE FUNCTION "list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]::regclass);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "projects_changes";--> statement-breakpoint
CREATE TRIGGER "projects_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('projects_changes');--> statement-breakpoint
CREATE TRIGGER "project_contacts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('projects_changes');--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "inquiries_changes";--> statement-breakpoint
CREATE TRIGGER "inquiries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inquiries"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('inquiries_changes');--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "email_outbox_changes";--> statement-breakpoint
CREATE TRIGGER "email_outbox_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('email_outbox_changes');--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "invoices_changes";--> statement-breakpoint
CREATE TRIGGER "invoices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('invoices_changes');--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "media_changes";--> statement-breakpoint
CREATE TRIGGER "media_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('media_changes');--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "posts_changes";--> statement-breakpoint
CREATE TRIGGER "posts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_changed"('posts_changes');
