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
