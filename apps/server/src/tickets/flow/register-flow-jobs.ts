import type { FlowDeps } from "./flow-hooks.js";

/** The bot's timed steps (pg-boss jobs): registered at start so they survive a restart. */
export async function registerFlowJobs(_deps: FlowDeps): Promise<void> {}
