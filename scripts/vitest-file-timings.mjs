// A vitest reporter that writes each test file's time to the JSON file named by ATENDO_TEST_TIMINGS:
// import (the file and what it imports, not yet cached by its worker), set-up files, and tests with their hooks.
// scripts/test.mjs prints the ten slowest from it at the end of the run.
import { writeFileSync } from "node:fs";
import path from "node:path";

export default class FileTimings {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const out = process.env.ATENDO_TEST_TIMINGS;
    if (!out) return;
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      const importMs = d.collectDuration;
      return {
        project: m.project.name,
        file: path.relative(this.root ?? process.cwd(), m.moduleId),
        state: m.state(),
        totalMs: Math.round(d.environmentSetupDuration + d.prepareDuration + d.setupDuration + importMs + d.duration),
        importMs: Math.round(importMs),
        setupMs: Math.round(d.environmentSetupDuration + d.prepareDuration + d.setupDuration),
        testsMs: Math.round(d.duration),
      };
    });
    writeFileSync(out, JSON.stringify(files, null, 1));
  }
}
