import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, inject, it } from "vitest";

/**
 * Packages a start would load and keep in memory although most installs never use them: the Baileys provider (only
 * with a "beta" connection), the spreadsheet reader (a contact import), the AWS SDK (only with S3_BUCKET), jsdom (the
 * SVG logo sanitiser), Redis and Socket.IO's Redis adapter (only with REDIS_URL), the OpenAI SDK (AI features),
 * nodemailer (the first e-mail), pix-utils (a Pix charge), undici (the first outbound call), file-type (an upload).
 */
const LOADED_ON_USE = [
  "baileys",
  "@e965/xlsx",
  "@aws-sdk/client-s3",
  "jsdom",
  "ioredis",
  "@socket.io/redis-adapter",
  "openai",
  "nodemailer",
  "pix-utils",
  "undici",
  "file-type",
];

/** Heavy SDKs a feature may come to use: whether used yet or not, never loaded at start (import() them where used). */
const NEVER_AT_START = ["@google/genai", "@deepgram/sdk", "assemblyai", "@google-cloud/dialogflow", "exceljs", "react-big-calendar"];

// The build `npm start` runs (apps/server/scripts/build.mjs), brought up to date by test/global-setup.ts.
const outdir = path.dirname(inject("serverMain"));

/** The packages a compiled file imports, through its static imports only or also through import(). */
function packagesImported(file: string, followDynamic: boolean, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = readFileSync(path.join(outdir, file), "utf8");
  const specifiers = [
    ...code.matchAll(/^(?:import|export)\s(?:[^"';]*?\sfrom\s)?"([^"]+)"/gm),
    ...code.matchAll(/^\}\s*from\s"([^"]+)"/gm),
    ...(followDynamic ? code.matchAll(/\bimport\("([^"]+)"\)/g) : []),
  ].map((m) => m[1]!);
  for (const spec of specifiers) {
    if (spec.startsWith("./")) for (const p of packagesImported(spec.slice(2), followDynamic, seen)) packages.add(p);
    else packages.add(spec);
  }
  return packages;
}

const names = (set: Set<string>, pkg: string) => [...set].some((p) => p === pkg || p.startsWith(`${pkg}/`));

it("the compiled server loads Baileys, the spreadsheet reader, the AWS SDK, jsdom, Redis, the OpenAI SDK and other packages when first used, not at start", () => {
  const atStart = packagesImported("main.js", false);
  const ever = packagesImported("main.js", true);
  expect(names(atStart, "fastify")).toBe(true);
  for (const pkg of LOADED_ON_USE) {
    expect(names(ever, pkg), `${pkg} is used by the server`).toBe(true);
    expect(names(atStart, pkg), `${pkg} is imported at start: import() it where it is used`).toBe(false);
  }
  for (const pkg of NEVER_AT_START) expect(names(atStart, pkg), `${pkg} is imported at start: import() it where it is used`).toBe(false);
});
