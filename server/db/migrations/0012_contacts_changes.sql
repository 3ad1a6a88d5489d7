-- The contact lists keep each filter's total in memory while this number stays the same
-- (server/services/contact-list.ts): every statement that changes contacts takes the next one.
-- A sequence, not a counter row: concurrent leads never wait on each other for it.
CREATE SEQUENCE IF NOT EXISTS "contacts_changes";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contacts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('contacts_changes');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "contacts_changed"();
