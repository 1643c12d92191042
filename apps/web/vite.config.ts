import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * Writes name.br and name.gz beside every text file of the build (best compression: it runs once per build, not per
 * request); the server sends them as the browser accepts (apps/server/src/http/serve-web.ts, `preCompressed`).
 * A file that does not shrink by a tenth keeps only its plain form.
 */
function precompress(): Plugin {
  let outDir = "dist";
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: "atendo-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        const br = brotliCompressSync(data, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        if (br.length < data.length * 0.9) writeFileSync(`${file}.br`, br);
        const gz = gzipSync(data, { level: 9 });
        if (gz.length < data.length * 0.9) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// The dev server forwards API and socket calls to a running server (ATENDO_API, default :8080).
// Page loads (Accept: text/html) stay on Vite, since several API paths (/settings, /users) are also SPA routes.
const apiTarget = process.env.ATENDO_API ?? "http://localhost:8080";
// "/whatsapp" also covers /whatsapp-providers, /whatsapp-restart and /whatsappsession; "/message/" is the forward route.
const apiPaths = [
  "/auth",
  "/settings",
  "/users",
  "/version",
  "/whatsapp",
  "/tickets",
  "/messages",
  "/message/",
  "/contacts",
  "/queue",
  "/simulator",
  "/tags",
  "/ticket-notes",
  "/quick-messages",
  "/companies",
  // The platform logos (login, signup, favicons): GET /public/logos/{destination}.
  "/public/",
];

const proxy = Object.fromEntries(
  apiPaths.map((path) => [
    path,
    {
      target: apiTarget,
      changeOrigin: true,
      bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
        String(req.headers.accept ?? "").includes("text/html") ? "/index.html" : undefined,
    },
  ]),
);

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { ...proxy, "/socket.io": { target: apiTarget, ws: true, changeOrigin: true } },
  },
});
