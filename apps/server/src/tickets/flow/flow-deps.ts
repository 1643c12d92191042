import type { AppDeps } from "../../app-deps.js";

/** What the bot uses of the app's dependencies. Apart from flow-hooks.ts, which AppDeps itself names (no cycle). */
export type FlowDeps = Pick<AppDeps, "db" | "jobs" | "realtime" | "config" | "sessions" | "storage"> & Partial<Pick<AppDeps, "cache">>;
