import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../db/client.js";

/** The channel the `atendo_cache_notify` triggers (migration 0026) notify with "<table>:<company id>". */
export const CACHE_CHANNEL = "atendo_cache";
/** Companies kept at most; past that the cache starts over (a bound, not an LRU: reloading is cheap). */
const MAX_COMPANIES = 5000;
const RECONNECT_MS = 1000;

/**
 * Per-company values read on the ingestion hot path (a connection, its queues, the bot's settings, working hours,
 * whether a campaign runs), kept until any row of the tables they come from changes for that company.
 *
 * Invalidation comes from the database itself: triggers on those tables NOTIFY at commit, to every process that
 * LISTENs (PostgreSQL: a connection of its own; PGlite: its in-process listen, delivered before the committing
 * query resolves). So every update path invalidates, in this process and in the others, without knowing about
 * the cache. While the listener is down (PostgreSQL connection lost, not yet listening) nothing is served from the
 * cache: a value could be stale. A load that overlaps an invalidation of its company is returned but not kept.
 *
 * Values are shared between callers: treat them as read-only.
 */
export interface CompanyCache {
  get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T>;
  /** Resolves once invalidations are being received (start-up, tests). */
  ready(): Promise<void>;
  close(): Promise<void>;
  /** Hits and misses since start (benches). */
  stats(): { hits: number; misses: number };
}

export function createCompanyCache(database: Database, logger: FastifyBaseLogger): CompanyCache {
  const log = logger.child({ module: "company-cache" });
  const entries = new Map<number, Map<string, unknown>>();
  /** Bumped by every invalidation of a company: a load that saw another value does not store its result. */
  const generations = new Map<number, number>();
  /** Bumped whenever the listener (re)starts or stops: loads across it are not stored. */
  let epoch = 0;
  let listening = false;
  let closed = false;
  let hits = 0;
  let misses = 0;

  const invalidate = (payload: string) => {
    const companyId = Number(payload.slice(payload.lastIndexOf(":") + 1));
    if (!Number.isInteger(companyId)) return;
    generations.set(companyId, (generations.get(companyId) ?? 0) + 1);
    entries.delete(companyId);
  };
  const setListening = (on: boolean) => {
    listening = on;
    epoch++;
    entries.clear();
  };

  let stopListening: () => Promise<void> = async () => undefined;
  let readyResolve: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (readyResolve = resolve));

  if (database.kind === "pglite") {
    const lite = database.pglite!;
    const started = lite.listen(CACHE_CHANNEL, invalidate).then((unlisten) => {
      setListening(true);
      readyResolve();
      return unlisten;
    });
    started.catch((err: unknown) => log.error({ err }, "cache: could not listen; serving without cache"));
    stopListening = async () => {
      const unlisten = await started.catch(() => undefined);
      await unlisten?.().catch(() => undefined);
    };
  } else {
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      if (closed) return;
      const c = new pg.Client(database.pool!.options);
      client = c;
      const lost = (err?: unknown) => {
        if (client !== c) return;
        client = undefined;
        setListening(false);
        c.end().catch(() => undefined);
        if (closed) return;
        if (err) log.warn({ err }, "cache: listener lost; reconnecting");
        timer = setTimeout(() => void connect(), RECONNECT_MS);
      };
      c.on("error", lost);
      c.on("end", () => lost());
      c.on("notification", (msg) => {
        if (msg.channel === CACHE_CHANNEL && msg.payload) invalidate(msg.payload);
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${CACHE_CHANNEL}`);
        if (client !== c) return;
        setListening(true);
        readyResolve();
      } catch (err) {
        lost(err);
      }
    };
    void connect();
    stopListening = async () => {
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    };
  }

  return {
    async get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T> {
      if (listening) {
        const company = entries.get(companyId);
        if (company?.has(key)) {
          hits++;
          return company.get(key) as T;
        }
      }
      misses++;
      const generation = generations.get(companyId) ?? 0;
      const at = epoch;
      const value = await load();
      if (listening && at === epoch && (generations.get(companyId) ?? 0) === generation) {
        if (entries.size >= MAX_COMPANIES && !entries.has(companyId)) entries.clear();
        let company = entries.get(companyId);
        if (!company) entries.set(companyId, (company = new Map()));
        company.set(key, value);
      }
      return value;
    },
    ready: () => readyPromise,
    async close() {
      closed = true;
      setListening(false);
      await stopListening();
    },
    stats: () => ({ hits, misses }),
  };
}
