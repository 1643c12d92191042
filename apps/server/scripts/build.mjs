#!/usr/bin/env node
// Compiles the server for `npm start`: src/main.ts and @atendo/shared's TypeScript bundled into dist/main.js with
// esbuild (one file instead of hundreds of modules transformed at start by tsx). Packages from node_modules stay
// imports, loaded by Node as they are (some find their own files at run time: PGlite's WASM, pino's workers).
// dist/build-pglite-template.js builds the PGlite template (a migrated database a first start copies instead of
// running initdb and every migration). Run through scripts/build.mjs at the repository root, which builds only what
// changed.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// `--outdir <dir>`: elsewhere than dist/ (bench:cluster runs a build of its own that a concurrent build cannot swap).
const outdirArg = process.argv.indexOf("--outdir");
const DIST = outdirArg > 0 ? path.resolve(process.argv[outdirArg + 1]) : path.join(SERVER, "dist");
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

const server = readJson(path.join(SERVER, "package.json"));
const shared = readJson(path.join(SERVER, "../../packages/shared/package.json"));
// Every package but our own TypeScript one stays external (with its subpaths, e.g. drizzle-orm/pg-core).
const external = [...Object.keys(server.dependencies), ...Object.keys(shared.dependencies)]
  .filter((name) => name !== "@atendo/shared")
  .flatMap((name) => [name, `${name}/*`]);

/**
 * A module that finds files beside itself (config.ts: the repository root; db/client.ts: the migrations) keeps
 * doing so from the bundle: its `import.meta.url` becomes its source file's URL, relative to the bundle.
 */
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, "utf8");
      if (contents.includes("import.meta.url")) {
        const relative = path.relative(DIST, args.path).split(path.sep).join("/");
        contents = contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
      }
      return { contents, loader: "ts" };
    });
  },
};

// Chunks are named by their content hash. A running server may still import() one of the previous build's (it
// loads Baileys when a connection first starts), so old chunks stay a day before they are cleaned up.
if (existsSync(DIST)) {
  const dayAgo = Date.now() - 86_400_000;
  for (const file of readdirSync(DIST)) {
    if (/^chunk-.*\.js(\.map)?$/.test(file) && statSync(path.join(DIST, file)).mtimeMs < dayAgo) rmSync(path.join(DIST, file));
  }
}
await build({
  entryPoints: {
    main: path.join(SERVER, "src/main.ts"),
    "build-pglite-template": path.join(SERVER, "src/db/build-pglite-template.ts"),
  },
  outdir: DIST,
  bundle: true,
  // A module the server import()s when first needed (Baileys' session, the spreadsheet reader, the S3 storage) gets
  // a chunk of its own, and so do the packages it imports: without splitting they would all load at start. Chunks
  // sit beside main.js, as keepModuleUrls expects every module to run from a file directly in dist/.
  splitting: true,
  chunkNames: "chunk-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  external,
  plugins: [keepModuleUrls],
  logLevel: "warning",
});

