-- Ticket search (GET /tickets?searchParam=) matches contact names, numbers and message text anywhere in the text
-- (ILIKE '%term%'); trigram indexes serve those without scanning every message.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_number_trgm_idx" ON "contacts" USING gin ("number" gin_trgm_ops);
