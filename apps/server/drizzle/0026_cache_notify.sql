-- Cache invalidation (cache/): any write to what the ingestion hot path caches (connections, their queues, queues,
-- company settings, working hours, campaigns and their settings) notifies channel atendo_cache with
-- "<table>:<company id>", delivered at commit to every process listening, this one included (PGlite too). A trigger,
-- so that every update path invalidates, present and future; NOTIFY folds identical payloads of one transaction.
CREATE OR REPLACE FUNCTION atendo_cache_notify() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('atendo_cache', TG_TABLE_NAME || ':' || OLD.company_id);
  ELSE
    PERFORM pg_notify('atendo_cache', TG_TABLE_NAME || ':' || NEW.company_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION atendo_cache_notify_company() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('atendo_cache', 'companies:' || OLD.id);
  ELSE
    PERFORM pg_notify('atendo_cache', 'companies:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER whatsapps_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "whatsapps" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify();--> statement-breakpoint
CREATE TRIGGER whatsapp_queues_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "whatsapp_queues" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify();--> statement-breakpoint
CREATE TRIGGER queues_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "queues" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify();--> statement-breakpoint
CREATE TRIGGER settings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "settings" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify();--> statement-breakpoint
CREATE TRIGGER companies_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify_company();--> statement-breakpoint
CREATE TRIGGER campaigns_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "campaigns" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify();--> statement-breakpoint
CREATE TRIGGER campaign_settings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "campaign_settings" FOR EACH ROW EXECUTE FUNCTION atendo_cache_notify();
