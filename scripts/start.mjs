#!/usr/bin/env node
// `npm start`: builds what changed since the last build (usually nothing: `npm install` built it all), then runs the
// compiled server (apps/server/dist/main.js) in this process (`npm start -- --no-build` skips the build check).
// `npm run dev` runs the TypeScript sources with tsx.
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildStale } from "./build.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// `--no-build`: run what is built without checking it (an image built once; CI's Node 22 start-up check).
if (!process.argv.includes("--no-build") && !(await buildStale({ quiet: true }))) process.exit(1);
// Node 22.1+: V8's compiled code of every module the server loads is kept on disk, so a restart skips compiling
// the server and its packages again (docs/PERFORMANCE.md). Older Node starts without it.
module.enableCompileCache?.(path.join(ROOT, "node_modules/.cache/atendo-compile"));
await import("../apps/server/dist/main.js");
