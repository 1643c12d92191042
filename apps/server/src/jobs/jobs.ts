import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type Job } from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database, DbOrTx } from "../db/client.js";

/**
 * Background jobs on pg-boss, in the app's own database (no other server to run): PGlite through pg-boss's PGlite
 * adapter, PostgreSQL through a small pool of pg-boss's own (so LISTEN/NOTIFY wakes workers at once).
 * `enqueue` with `tx` writes the job in the caller's transaction: the job exists exactly when the rows that caused
 * it commit. Handlers must be idempotent: a job interrupted by a crash or a shutdown runs again.
 */
export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True on the queue's last attempt: a handler records a final failure then. */
  lastAttempt: boolean;
  /** Aborted when the process stops (or pg-boss loses the job's claim): stop at a safe point and throw. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface BatchJob<T> {
  data: T;
  context: JobContext;
}
/**
 * Works a batch of jobs; answers one outcome per job, in the batch's order: undefined when it is done, an error
 * when it should be retried as if it had thrown. Throwing retries the whole batch.
 */
export type BatchHandler<T> = (jobs: BatchJob<T>[]) => Promise<(Error | undefined)[]>;

export interface QueueSettings {
  /** Attempts after the first. A shutdown interrupting a job spends one, so keep some spare. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay after each attempt (with jitter), up to `retryDelayMaxSeconds` (0: no limit). */
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  /** A job whose worker stops sending heartbeats (a crashed process) is retried after this. */
  heartbeatSeconds?: number;
  expireInSeconds?: number;
  /** Jobs of this queue worked at once in this process (default 1): queues whose jobs wait on outside services. */
  concurrency?: number;
}

export interface EnqueueOptions {
  tx?: DbOrTx;
  /** Run no earlier than this many seconds from now (fractions allowed; the database's clock): timed steps. */
  startAfterSeconds?: number;
}

export interface Jobs {
  /** Creates the queue if needed and works it in this process, one job at a time per queue. */
  work<T extends object>(name: string, handler: JobHandler<T>, settings?: QueueSettings): Promise<void>;
  /**
   * Like `work`, but hands the handler up to `batchSize` jobs at once (one fetch) and fetches again at once while
   * jobs keep coming, so a backlog drains at the handler's pace, never at the poll's. `concurrency` batches at once.
   */
  workBatch<T extends object>(name: string, handler: BatchHandler<T>, settings: QueueSettings & { batchSize: number }): Promise<void>;
  /** Adds a job to a queue this process works; with `tx`, inside that transaction. Returns the job id. */
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  /** Jobs of one queue in one statement (a batch's outbox messages), due now; with `tx`, inside that transaction. */
  enqueueMany<T extends object>(name: string, data: readonly T[], options?: Pick<EnqueueOptions, "tx">): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_SETTINGS: Required<QueueSettings> = {
  retryLimit: 10,
  retryDelaySeconds: 2,
  retryBackoff: false,
  retryDelayMaxSeconds: 0,
  heartbeatSeconds: 30,
  expireInSeconds: 3600,
  concurrency: 1,
};

/** pg-boss polls no faster than this. */
export const MIN_POLL_INTERVAL_SECONDS = 0.5;

export async function startJobs(opts: {
  database: Database;
  schema?: string;
  logger: FastifyBaseLogger;
  /** How often workers look for due jobs besides NOTIFY (default 2 s); tests use the minimum so they do not wait. */
  pollIntervalSeconds?: number;
}): Promise<Jobs> {
  const { database, logger } = opts;
  const pollSeconds = Math.max(MIN_POLL_INTERVAL_SECONDS, opts.pollIntervalSeconds ?? 2);
  const common: ConstructorOptions = { schema: opts.schema ?? "pgboss", useListenNotify: true, application_name: "atendo-jobs" };
  let boss: PgBoss;
  if (database.kind === "pglite" && database.pglite) {
    boss = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" });
  } else if (database.pool?.options.connectionString) {
    boss = new PgBoss({ ...common, connectionString: database.pool.options.connectionString, max: 3 });
  } else {
    throw new Error("jobs: the database has neither a PGlite instance nor a connection string");
  }
  // Without listeners an "error" event would throw; pg-boss reports and retries its own failures.
  boss.on("error", (err) => logger.error({ err }, "jobs: pg-boss error"));
  boss.on("warning", (warning) => logger.warn({ warning }, "jobs: pg-boss warning"));
  await boss.start();
  // Queues an earlier start created. createQueue would change nothing for them (pg-boss inserts ON CONFLICT DO
  // NOTHING) but costs a locked transaction and a queue-cache refill each: most of a second of a restart on PGlite.
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));

  const stopping = new AbortController();
  const queues = new Map<string, Required<QueueSettings>>();

  async function declare(name: string, s: Required<QueueSettings>): Promise<void> {
    // pg-boss refuses retryDelayMax without backoff, even undefined: the key only when it applies.
    const retryDelayMax = s.retryBackoff && s.retryDelayMaxSeconds > 0 ? s.retryDelayMaxSeconds : undefined;
    const retry = { retryLimit: s.retryLimit, retryDelay: s.retryDelaySeconds, retryBackoff: s.retryBackoff, ...(retryDelayMax ? { retryDelayMax } : {}) };
    const current = existing.get(name);
    if (!current) {
      await boss.createQueue(name, { notify: true, ...retry, heartbeatSeconds: s.heartbeatSeconds, expireInSeconds: s.expireInSeconds });
    } else if (
      // A release that changed a queue's retry policy: queues keep what they were created with, so update them.
      current.retryLimit !== retry.retryLimit ||
      current.retryDelay !== retry.retryDelay ||
      Boolean(current.retryBackoff) !== retry.retryBackoff ||
      (current.retryDelayMax ?? undefined) !== retryDelayMax
    ) {
      await boss.updateQueue(name, s.retryBackoff ? { ...retry, retryDelayMax: retryDelayMax ?? null } : retry);
    }
    // Fills pg-boss's queue cache now (createQueue empties it): a cache miss inside `enqueue({ tx })` would query
    // outside the transaction, and on PGlite (one connection) wait for that transaction forever.
    await boss.cancel(name, "00000000-0000-0000-0000-000000000000");
    queues.set(name, s);
  }
  const contextOf = (job: Job<unknown>, s: Required<QueueSettings>): JobContext => ({
    jobId: job.id,
    retryCount: job.retryCount,
    lastAttempt: job.retryCount >= s.retryLimit,
    signal: AbortSignal.any([job.signal, stopping.signal]),
  });
  // NOTIFY wakes the worker for new jobs; retries (due later) are found by polling, so poll often even with it.
  const polling = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds };

  return {
    async work<T extends object>(name: string, handler: JobHandler<T>, settings: QueueSettings = {}) {
      const s = { ...DEFAULT_SETTINGS, ...settings };
      await declare(name, s);
      await boss.work<T>(name, { batchSize: 1, localConcurrency: s.concurrency, ...polling }, async ([job]: Job<T>[]) => {
        if (!job) return;
        await handler(job.data, contextOf(job, s));
      });
    },

    async workBatch<T extends object>(name: string, handler: BatchHandler<T>, settings: QueueSettings & { batchSize: number }) {
      const { batchSize, ...rest } = settings;
      const s = { ...DEFAULT_SETTINGS, ...rest };
      await declare(name, s);
      // A full batch fetches again at once (burst); a short one means the queue caught up: NOTIFY or the poll next.
      const options = { batchSize, localConcurrency: s.concurrency, perJobResults: true as const, burstWhenBatchFull: true, ...polling };
      await boss.work<T>(name, options, async (jobs: Job<T>[]) => {
        const outcomes = jobs.length === 0 ? [] : await handler(jobs.map((job) => ({ data: job.data, context: contextOf(job, s) })));
        return jobs.map((job, i) => {
          const outcome = outcomes[i];
          return outcome ? { id: job.id, status: "failed" as const, output: { message: outcome.message } } : { id: job.id, status: "completed" as const };
        });
      });
    },

    async enqueue<T extends object>(name: string, data: T, options: EnqueueOptions = {}) {
      if (!queues.has(name)) throw new Error(`jobs: queue ${name} is not worked by this process`);
      const id = await boss.send(name, data, {
        ...(options.tx ? { db: fromDrizzle(options.tx as never, sql as never) } : {}),
        ...(options.startAfterSeconds !== undefined && options.startAfterSeconds > 0 ? { startAfter: options.startAfterSeconds } : {}),
      });
      if (!id) throw new Error(`jobs: ${name} was not enqueued`);
      return id;
    },

    async enqueueMany<T extends object>(name: string, data: readonly T[], options: Pick<EnqueueOptions, "tx"> = {}) {
      if (!queues.has(name)) throw new Error(`jobs: queue ${name} is not worked by this process`);
      if (data.length === 0) return;
      // pg-boss's insert: one statement for all, the queue's settings (retries, expiry) applied as with send.
      await boss.insert(
        name,
        data.map((d) => ({ data: d })),
        options.tx ? { db: fromDrizzle(options.tx as never, sql as never) } : {},
      );
    },

    async stop() {
      // Running handlers see the signal, stop at their next safe point and throw; pg-boss retries them next start.
      stopping.abort(new Error("shutting down"));
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
