import { asc, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database, Db } from "../../db/client.js";
import { cloudWebhookInbox } from "../../db/schema.js";
import type { CloudWebhookPayload } from "./map-webhook.js";

/**
 * The Cloud API's inbox: Meta does not deliver a webhook again once it got 200, so a delivery is stored before the
 * endpoint answers and deleted once every event in it is ingested. What a crash interrupts is still there at the
 * session's next start (wherever it starts) and is replayed; ingestion is idempotent by message id, so a replay of
 * what did get ingested changes nothing.
 */
export async function storeCloudDelivery(db: Db, companyId: number, whatsappId: number, payload: CloudWebhookPayload): Promise<number> {
  const [row] = await db.insert(cloudWebhookInbox).values({ companyId, whatsappId, payload }).returning({ id: cloudWebhookInbox.id });
  return row!.id;
}

export interface CloudInboxWriter {
  /** Stores a delivery (its raw JSON, already checked to parse) and answers its inbox id once committed. */
  store(companyId: number, whatsappId: number, rawJson: string): Promise<number>;
  close(): Promise<void>;
}

/** Rows per insert: a burst is several statements rather than one huge one. */
const WRITER_BATCH = 200;

/**
 * The webhook's inbox insert, off the shared pool and grouped. On PostgreSQL it has a connection of its own: under
 * load ingestion's transactions hold all of the pool's connections, and an insert queued behind them made the
 * webhook's answer as slow as ingestion. Deliveries that arrive while an insert is in flight go together in the next
 * one (one statement, one commit); each still answers only after its row committed. The raw body goes in as is
 * (cast to jsonb), not parsed and serialised again.
 */
export function createCloudInboxWriter(database: Database): CloudInboxWriter {
  const own = database.pool ? new pg.Pool({ ...database.pool.options, max: 1 }) : undefined;
  const db = own ? (drizzle(own) as unknown as Db) : database.db;
  type Waiting = { companyId: number; whatsappId: number; raw: string; resolve(id: number): void; reject(err: unknown): void };
  let queue: Waiting[] = [];
  let writing = false;

  const insert = async (batch: Waiting[]): Promise<number[]> => {
    const rows = await db
      .insert(cloudWebhookInbox)
      .values(batch.map((w) => ({ companyId: w.companyId, whatsappId: w.whatsappId, payload: sql`${w.raw}::jsonb` })))
      .returning({ id: cloudWebhookInbox.id });
    // RETURNING of a multi-row VALUES insert comes in the VALUES' order.
    return rows.map((r) => r.id);
  };

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, WRITER_BATCH);
        queue = queue.slice(batch.length);
        try {
          const ids = await insert(batch);
          batch.forEach((w, i) => w.resolve(ids[i]!));
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          // One delivery PostgreSQL refuses (JSON that parses but jsonb rejects, such as \u0000) fails alone.
          else for (const w of batch) await insert([w]).then(([id]) => w.resolve(id!), w.reject);
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    store(companyId, whatsappId, raw) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ companyId, whatsappId, raw, resolve, reject });
        if (!writing) void drain();
      });
    },
    async close() {
      while (writing || queue.length > 0) await new Promise((r) => setTimeout(r, 5));
      await own?.end();
    },
  };
}

export async function dropCloudDelivery(db: Db, id: number): Promise<void> {
  await db.delete(cloudWebhookInbox).where(eq(cloudWebhookInbox.id, id));
}

/** Deliveries of a connection still waiting to be ingested, oldest first (a session replays them at start). */
export async function pendingCloudDeliveries(db: Db, whatsappId: number): Promise<{ id: number; payload: CloudWebhookPayload }[]> {
  const rows = await db
    .select({ id: cloudWebhookInbox.id, payload: cloudWebhookInbox.payload })
    .from(cloudWebhookInbox)
    .where(eq(cloudWebhookInbox.whatsappId, whatsappId))
    .orderBy(asc(cloudWebhookInbox.id));
  return rows.map((r) => ({ id: r.id, payload: r.payload as CloudWebhookPayload }));
}

/**
 * Deletes ingested deliveries in batches (one statement for all that finished within `delayMs`), so the inbox costs
 * the hot path one insert per delivery and a fraction of a delete.
 */
export function createCloudInboxSweeper(db: Db, onError: (err: unknown) => void, delayMs = 50): { done(id: number): void; flush(): Promise<void> } {
  let pending: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const ids = pending;
    pending = [];
    if (ids.length > 0) running = running.then(() => db.delete(cloudWebhookInbox).where(inArray(cloudWebhookInbox.id, ids)).then(() => undefined)).catch(onError);
    return running;
  };
  return {
    done(id) {
      pending.push(id);
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
