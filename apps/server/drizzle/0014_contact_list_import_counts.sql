ALTER TABLE "contact_list_imports" ADD COLUMN "imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_list_imports" ADD COLUMN "duplicates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_list_imports" ADD COLUMN "invalid" integer DEFAULT 0 NOT NULL;