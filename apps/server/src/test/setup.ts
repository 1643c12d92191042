import { afterAll } from "vitest";
import { closeLeftoverTestApps } from "./helpers.js";
import { lowerPasswordHashCostForTests } from "../auth/passwords.js";

lowerPasswordHashCostForTests();

// Runs for every server test file. Files share their worker (vitest.config.ts: isolate false), so an app a file
// forgot to close, or left open by a failed test, would keep working its job queues during the next files.
afterAll(async () => {
  await closeLeftoverTestApps();
});
