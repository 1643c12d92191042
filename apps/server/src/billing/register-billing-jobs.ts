import type { AppDeps } from "../app-deps.js";
import { createDueInvoicesUnscoped } from "./create-due-invoices.js";

export const CREATE_INVOICES_JOB = "billing-create-invoices";
const EVERY_MS = 60 * 60 * 1000;

/**
 * The invoice job on pg-boss. Each process asks for a run at start and every hour; runs are idempotent (one invoice
 * per company and period, by a unique key), so several processes asking is harmless. Returns a stop function.
 */
export async function registerBillingJobs(deps: Pick<AppDeps, "db" | "jobs" | "config">): Promise<() => void> {
  await deps.jobs.work(CREATE_INVOICES_JOB, async () => {
    await createDueInvoicesUnscoped(deps.db);
  });
  // Tests run the job themselves (their files share one database, so a timer would act on other files' companies).
  if (deps.config.nodeEnv === "test") return () => undefined;
  const ask = () => void deps.jobs.enqueue(CREATE_INVOICES_JOB, {}).catch(() => undefined);
  ask();
  const timer = setInterval(ask, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
