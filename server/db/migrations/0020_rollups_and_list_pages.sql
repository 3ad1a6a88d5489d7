-- docs/decisions/049-rollups-and-list-pages-at-scale.md: the owner's lists' orders with the row's id
-- (a page's ids read from the index alone), the invoices' orders, and trigram indexes for the
-- invoices' and inquiries' searches (pg_trgm, created by 0011).
DROP INDEX "contacts_created_at_idx";--> statement-breakpoint
DROP INDEX "contacts_name_lower_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "inquiries_created_idx";--> statement-breakpoint
DROP INDEX "media_created_idx";--> statement-breakpoint
CREATE INDEX "contacts_score_idx" ON "contacts" USING btree ("lead_score","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_updated_idx" ON "projects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "projects_name_lower_idx" ON "projects" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "inquiries_search_trgm_idx" ON "inquiries" USING gin ("visitor_name" gin_trgm_ops,"visitor_email" gin_trgm_ops,"id" gin_trgm_ops,"project_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_amount_idx" ON "invoices" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops,"project_ref" gin_trgm_ops,"project_name" gin_trgm_ops,"client_name" gin_trgm_ops,"client_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_created_at_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_name_lower_idx" ON "contacts" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at","id");