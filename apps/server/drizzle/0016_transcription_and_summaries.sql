ALTER TABLE "contacts" ADD COLUMN "active_transcribe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_group" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "time_resume" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_provider" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_model" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_key" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_max_tokens" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_temperature" double precision DEFAULT 0.7 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_prompt" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "resume_last_date" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcript_status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcript_error" text;