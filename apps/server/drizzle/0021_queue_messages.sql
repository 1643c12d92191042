ALTER TABLE "queues" ADD COLUMN "complation_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "rating_message" text DEFAULT '' NOT NULL;