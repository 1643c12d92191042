ALTER TABLE "whatsapps" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_phone_number_id" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_business_account_id" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_access_token" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_app_secret" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_verify_token" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_webhook_key" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_webhook_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_display_name" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_quality_rating" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_templates" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_cloud_webhook_key" ON "whatsapps" USING btree ("cloud_webhook_key");