import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { createTestDatabase } from "../test/helpers.js";
import { MIN_POLL_INTERVAL_SECONDS, startJobs, type JobContext, type Jobs } from "./jobs.js";

let database: Database;
const logger = pino({ level: "silent" });
const schema = `pgboss_test_${randomBytes(5).toString("hex")}`;
const open: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const jobs of open) await jobs.stop();
  await database.close();
});

async function jobsInstance(): Promise<Jobs> {
  // Polling finds the retry below once it is due: at the fastest rate, so the test does not wait for it.
  const jobs = await startJobs({ database, schema, logger, pollIntervalSeconds: MIN_POLL_INTERVAL_SECONDS });
  open.push(jobs);
  return jobs;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("jobs", () => {
  it("updates a queue's retry policy when a new release declares another one", async () => {
    const policySchema = `${schema}_p`;
    const first = await startJobs({ database, schema: policySchema, logger });
    await first.work("test.policy", async () => {}, { retryLimit: 2, retryDelaySeconds: 5 });
    await first.stop();
    const second = await startJobs({ database, schema: policySchema, logger });
    open.push(second);
    await second.work("test.policy", async () => {}, { retryLimit: 20, retryDelaySeconds: 5, retryBackoff: true, retryDelayMaxSeconds: 30 });
    const rows = await database.db.execute(
      sql.raw(`select retry_limit, retry_delay, retry_backoff, retry_delay_max from "${policySchema}".queue where name = 'test.policy'`),
    );
    const row = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]))[0] as Record<string, unknown>;
    expect({ limit: Number(row.retry_limit), delay: Number(row.retry_delay), backoff: row.retry_backoff, max: Number(row.retry_delay_max) }).toEqual({
      limit: 20,
      delay: 5,
      backoff: true,
      max: 30,
    });
  });

  it("works a batch queue: a backlog drains without waiting for the poll, and a job answered with an error is retried", async () => {
    // A poll far longer than the test: only the batches' own pace can drain the backlog in time.
    const jobs = await startJobs({ database, schema: `${schema}_b`, logger, pollIntervalSeconds: 30 });
    open.push(jobs);
    const seen: { n: number; retryCount: number }[] = [];
    const all = deferred<void>();
    await jobs.workBatch<{ n: number }>(
      "test.batch",
      async (batch) => {
        expect(batch.length).toBeLessThanOrEqual(5);
        for (const job of batch) seen.push({ n: job.data.n, retryCount: job.context.retryCount });
        if (seen.filter((s) => s.n !== 0 || s.retryCount === 1).length === 31) all.resolve();
        // Job 0 fails its first attempt; the rest are done.
        return batch.map((job) => (job.data.n === 0 && job.context.retryCount === 0 ? new Error("once more") : undefined));
      },
      { batchSize: 5, retryDelaySeconds: 0 },
    );
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 31; n++) await jobs.enqueue("test.batch", { n }, { tx });
    });
    await Promise.race([all.promise, new Promise((r) => setTimeout(r, 20_000))]);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(seen.filter((s) => s.n === 0).map((s) => s.retryCount)).toEqual([0, 1]);
    expect(new Set(seen.map((s) => s.n)).size).toBe(31);
  }, 30_000);

  it("runs a job enqueued in a committed transaction, and none from a rolled-back one", async () => {
    const jobs = await jobsInstance();
    const seen: string[] = [];
    const ran = deferred<void>();
    await jobs.work<{ tag: string }>("test.tx", async (data) => {
      seen.push(data.tag);
      if (data.tag === "committed") ran.resolve();
    });

    await database.db
      .transaction(async (tx) => {
        await jobs.enqueue("test.tx", { tag: "rolled-back" }, { tx });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await jobs.enqueue("test.tx", { tag: "committed" }, { tx });
    });
    await ran.promise;
    // Give a stray job time to show up, were there one.
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual(["committed"]);
  });

  it("enqueues many jobs in one statement, in a transaction, with the queue's retry policy", async () => {
    const jobs = await jobsInstance();
    const seen: { tag: string; retryCount: number }[] = [];
    const ran = deferred<void>();
    await jobs.work<{ tag: string }>(
      "test.many",
      async (data, context) => {
        seen.push({ tag: data.tag, retryCount: context.retryCount });
        if (data.tag === "b" && context.retryCount === 0) throw new Error("once more");
        if (seen.length === 4) ran.resolve();
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    );
    await database.db
      .transaction(async (tx) => {
        await jobs.enqueueMany("test.many", [{ tag: "rolled-back" }], { tx });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await jobs.enqueueMany("test.many", [{ tag: "a" }, { tag: "b" }, { tag: "c" }], { tx });
    });
    await ran.promise;
    expect(seen.map((s) => s.tag).sort()).toEqual(["a", "b", "b", "c"]);
    expect(seen.find((s) => s.tag === "b" && s.retryCount === 1)).toBeDefined();
  });

  it("refuses a queue nobody declared", async () => {
    const jobs = await jobsInstance();
    await expect(jobs.enqueue("test.unknown", {})).rejects.toThrow(/not worked/);
  });

  it("runs again, in the next process, a job that a shutdown interrupted", async () => {
    const first = await jobsInstance();
    const started = deferred<void>();
    await first.work<{ n: number }>(
      "test.restart",
      async (_data, context: JobContext) => {
        started.resolve();
        // A long job: it notices the shutdown and gives up at a safe point.
        await new Promise<void>((resolve) => context.signal.addEventListener("abort", () => resolve(), { once: true }));
        throw new Error("interrupted");
      },
      { retryDelaySeconds: 1 },
    );
    await first.enqueue("test.restart", { n: 42 });
    await started.promise;
    await first.stop();
    open.splice(open.indexOf(first), 1);

    const second = await jobsInstance();
    const done = deferred<{ n: number; retryCount: number }>();
    await second.work<{ n: number }>(
      "test.restart",
      async (data, context) => done.resolve({ n: data.n, retryCount: context.retryCount }),
      { retryDelaySeconds: 1 },
    );
    expect(await done.promise).toEqual({ n: 42, retryCount: 1 });
  });
});
