import type { FlowDeps } from "./flow-deps.js";
import { flowTimeZone } from "./flow-time.js";

/** Test seams: a fixed clock for working hours and greetings; everything else is the real thing. */
export interface FlowOptions {
  now?: () => Date;
  timeZone?: string;
}

export interface FlowContext {
  deps: FlowDeps;
  now: () => Date;
  /** The company clock's zone (see flowTimeZone). */
  timeZone: string;
  /** Seconds in one minute of a timed step: 60, or config.flowMinuteSeconds in tests. */
  minuteSeconds: number;
}

export function flowContextOf(deps: FlowDeps, options: FlowOptions = {}): FlowContext {
  return {
    deps,
    now: options.now ?? (() => new Date()),
    timeZone: options.timeZone ?? flowTimeZone(),
    minuteSeconds: deps.config.flowMinuteSeconds ?? 60,
  };
}
