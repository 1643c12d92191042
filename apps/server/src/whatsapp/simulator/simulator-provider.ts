import type { ProviderDefinition } from "../sessions/providers.js";
import { createSimulatorSession, DEFAULT_SIMULATOR_TIMING, SIMULATOR_CAPABILITIES, type SimulatorTiming } from "./simulator-session.js";

/** The built-in provider "simulator" (offered only when SIMULATOR_ENABLED). */
export function simulatorProvider(timing: SimulatorTiming = DEFAULT_SIMULATOR_TIMING): ProviderDefinition {
  return {
    name: "simulator",
    capabilities: SIMULATOR_CAPABILITIES,
    createSession: (ctx, deps) => createSimulatorSession(ctx, deps, timing),
  };
}
