import pino from "pino";
import type { FastifyBaseLogger } from "fastify";
import { flowContextOf, type FlowOptions } from "./flow-context.js";
import type { FlowDeps } from "./flow-deps.js";
import { FLOW_EXPIRE_JOB, FLOW_MENU_TIMEOUT_JOB, FLOW_RATING_TIMEOUT_JOB, FLOW_TRANSFER_JOB, type FlowStepJob } from "./flow-jobs.js";
import { runExpire, runMenuTimeout, runRatingTimeout, runTransfer } from "./run-flow-jobs.js";
import { AUTO_CLOSE_JOB, autoCloseInactiveTicketsUnscoped } from "./auto-close-tickets.js";

const AUTO_CLOSE_EVERY_MS = 10 * 60 * 1000;

/**
 * The bot's timed steps (pg-boss jobs): registered at start so they survive a restart. Also the auto-close of
 * inactive tickets, asked for at start and every 10 minutes by each process (runs are idempotent). Returns a stop
 * function for the timer.
 */
export async function registerFlowJobs(deps: FlowDeps, options: FlowOptions & { logger?: FastifyBaseLogger } = {}): Promise<() => void> {
  const ctx = flowContextOf(deps, options);
  const logger = options.logger ?? (pino({ level: deps.config.logLevel, name: "flow" }) as unknown as FastifyBaseLogger);
  const settings = { retryLimit: 5, retryDelaySeconds: 5 };
  await deps.jobs.work<FlowStepJob>(FLOW_MENU_TIMEOUT_JOB, (job) => runMenuTimeout(ctx, logger, job), settings);
  await deps.jobs.work<FlowStepJob>(FLOW_TRANSFER_JOB, (job) => runTransfer(ctx, logger, job), settings);
  await deps.jobs.work<FlowStepJob>(FLOW_EXPIRE_JOB, (job) => runExpire(ctx, logger, job), settings);
  await deps.jobs.work<FlowStepJob>(FLOW_RATING_TIMEOUT_JOB, (job) => runRatingTimeout(ctx, logger, job), settings);
  const hours = deps.config.ticketAutoCloseHours ?? 0;
  await deps.jobs.work(AUTO_CLOSE_JOB, async () => {
    const closed = await autoCloseInactiveTicketsUnscoped(ctx, logger, hours);
    if (closed > 0) logger.info({ closed, hours }, "closed inactive tickets");
  });
  // Tests run it themselves (their files share one database, so a timer would act on other files' tickets).
  if (hours <= 0 || deps.config.nodeEnv === "test") return () => undefined;
  const ask = () => void deps.jobs.enqueue(AUTO_CLOSE_JOB, {}).catch(() => undefined);
  ask();
  const timer = setInterval(ask, AUTO_CLOSE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
