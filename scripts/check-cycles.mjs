#!/usr/bin/env node
// `npm run check:cycles` (and a step of `npm test`): fails when the import graph of our own sources has a cycle,
// type-only imports included (a type cycle ties the files into one unit all the same: see docs/PERFORMANCE.md).
// Also fails when a relative import cannot be resolved, so that the check can never pass by seeing nothing.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree, shortenTree } from "dpdm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = [
  "packages/shared/src/**/*.ts",
  "apps/server/src/**/*.ts",
  "apps/server/scripts/**/*.ts",
  "apps/web/src/**/*.{ts,tsx}",
  "apps/web/scripts/**/*.ts",
  "e2e/**/*.ts",
];

const tree = shortenTree(
  root,
  await parseDependencyTree(sources, {
    cwd: root,
    context: root,
    tsconfig: path.join(root, "tsconfig.base.json"),
    transform: false,
    skipDynamicImports: false,
  }),
);

const files = Object.keys(tree).filter((f) => !f.includes("node_modules"));
const unresolved = Object.values(tree)
  .flatMap((deps) => deps ?? [])
  .filter((d) => d.id === null && d.request.startsWith("."));
const cycles = parseCircular(tree, false);

for (const d of unresolved) console.error(`unresolved import "${d.request}" in ${d.issuer}`);
cycles.forEach((cycle, i) => console.error(`cycle ${i + 1}: ${[...cycle, cycle[0]].join(" -> ")}`));
if (files.length < 100 || unresolved.length > 0 || cycles.length > 0) {
  console.error(`import check FAILED: ${cycles.length} cycle(s), ${unresolved.length} unresolved import(s), ${files.length} files read`);
  process.exit(1);
}
console.log(`import graph: ${files.length} files, no cycle`);
