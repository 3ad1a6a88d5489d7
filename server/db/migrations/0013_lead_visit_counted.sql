-- Whether a lead's visit was counted by the analytics (the visitor had accepted them when the lead was
-- sent): the funnel's rates use only those leads. Null for leads from before, and for leads not from the site.
ALTER TABLE "contacts" ADD COLUMN "visit_counted" boolean;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "visit_counted" boolean;