import pino from "pino";
import type { FastifyBaseLogger } from "fastify";
import { flowContextOf, type FlowOptions } from "./flow-context.js";
import type { FlowDeps } from "./flow-deps.js";
import { FLOW_EXPIRE_JOB, FLOW_MENU_TIMEOUT_JOB, FLOW_RATING_TIMEOUT_JOB, FLOW_TRANSFER_JOB, type FlowStepJob } from "./flow-jobs.js";
import { runExpire, runMenuTimeout, runRatingTimeout, runTransfer } from "./run-flow-jobs.js";

/** The bot's timed steps (pg-boss jobs): registered at start so they survive a restart. */
export async function registerFlowJobs(deps: FlowDeps, options: FlowOptions & { logger?: FastifyBaseLogger } = {}): Promise<void> {
  const ctx = flowContextOf(deps, options);
  const logger = options.logger ?? (pino({ level: deps.config.logLevel, name: "flow" }) as unknown as FastifyBaseLogger);
  const settings = { retryLimit: 5, retryDelaySeconds: 5 };
  await deps.jobs.work<FlowStepJob>(FLOW_MENU_TIMEOUT_JOB, (job) => runMenuTimeout(ctx, logger, job), settings);
  await deps.jobs.work<FlowStepJob>(FLOW_TRANSFER_JOB, (job) => runTransfer(ctx, logger, job), settings);
  await deps.jobs.work<FlowStepJob>(FLOW_EXPIRE_JOB, (job) => runExpire(ctx, logger, job), settings);
  await deps.jobs.work<FlowStepJob>(FLOW_RATING_TIMEOUT_JOB, (job) => runRatingTimeout(ctx, logger, job), settings);
}
