import pino from "pino";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { INTEGRATION_TURN_JOB, type IntegrationTurnJob } from "./bot-entry.js";
import { runConversationTurn } from "./run-conversation-turn.js";

/**
 * Turns wait on outside services, so several run at once (`INTEGRATION_TURN_CONCURRENCY` per process): one
 * company's slow or hanging service holds one worker at most for its timeout, never the others' turns. One ticket's
 * turns never overlap (the claim in ticket_bot_states).
 */
export const INTEGRATION_TURN_CONCURRENCY = 8;

export async function registerIntegrationJobs(deps: AppDeps, logger?: FastifyBaseLogger): Promise<void> {
  const log = logger ?? (pino({ level: deps.config.logLevel, name: "integrations" }) as unknown as FastifyBaseLogger);
  await deps.jobs.work<IntegrationTurnJob>(INTEGRATION_TURN_JOB, (job, context) => runConversationTurn(deps, log, job, context), {
    retryLimit: 3,
    retryDelaySeconds: 2,
    concurrency: INTEGRATION_TURN_CONCURRENCY,
  });
}
