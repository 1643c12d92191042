ALTER TABLE "tickets" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_ratings_company_created_idx" ON "ticket_ratings" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at");--> statement-breakpoint
-- Backfill: an existing ticket was first accepted, at the latest, when an agent first wrote in it. Tickets no agent
-- wrote in stay without acceptedAt (left out of the waiting and handling averages, counted everywhere else).
UPDATE "tickets" t SET "accepted_at" = m.first_at
FROM (
  SELECT "ticket_id", min("created_at") AS first_at FROM "messages"
  WHERE "user_id" IS NOT NULL AND "automatic" = false
  GROUP BY "ticket_id"
) m
WHERE m."ticket_id" = t."id" AND t."accepted_at" IS NULL AND t."status" <> 'pending';
