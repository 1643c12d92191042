import { defineConfig } from "vitest/config";

// One vitest run, four projects; scripts/test.mjs picks them in order (unit and integration, then e2e).
export default defineConfig({
  test: {
    // Tests wait on timers, sockets and the database as much as they compute: more workers than the 2 cores.
    maxWorkers: 3,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by content and config): a second
    // run, and CI's PostgreSQL pass after its PGlite one, do not transform the server and the web client again.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          setupFiles: ["apps/server/src/test/setup.ts"],
          // A test takes a fraction of a second alone, but beside the web tests, two e2e servers and their browsers on
          // two cores one that usually takes 0.3 s has taken over 30 s (serve-web's first request): a limit for hangs,
          // not a speed check.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
          // A worker imports the server once and runs its files one after another on one database (test/helpers.ts):
          // re-importing it for every file cost more than the tests. Files share nothing else: each builds its own
          // app and companies, and test/setup.ts closes any app a file leaves open.
          isolate: false,
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // A worker's files share one jsdom and one module graph (React, MUI, the pages): importing them and warming
          // the JIT again for every file took more than half the web tests' time. src/test/setup.ts cleans up after
          // each file (DOM, storage, language, timers, stubbed globals, spies); files must not vi.mock shared modules.
          isolate: false,
          // Whole pages render in jsdom; on a loaded 2-core machine that can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/tests/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          // Files run on E2E_SERVERS workers at once (default 2), each worker on a server of its own (e2e/browser.ts);
          // the run must not have more workers than servers: scripts/test.mjs and test:e2e pass --maxWorkers too.
          maxWorkers: Number(process.env.E2E_SERVERS ?? 2),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
