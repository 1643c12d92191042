import { defineConfig } from "vitest/config";

// One vitest run, four projects; scripts/test.mjs picks them in order (unit and integration, then e2e).
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
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
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
