ALTER TABLE "campaigns" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_language" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_variables" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_language" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_variables" jsonb DEFAULT '[]'::jsonb NOT NULL;