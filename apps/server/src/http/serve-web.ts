import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";

/** Hashed build output (/assets/name-HASH.js): its content never changes under its name. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** index.html and the unhashed root files: always revalidated (ETag), so a new release shows on the next load. */
export const REVALIDATE_CACHE = "no-cache";

/**
 * The API keeps the spec's paths at the root (GET /tickets is the ticket list), and the client's routes use the same
 * paths (/tickets is the tickets screen). A browser navigation asks for text/html and gets the app; API calls ask for
 * JSON and reach the routes. Built assets are served from /assets/ and the few files at the build's root.
 *
 * Text files are compressed at build time (name.br, name.gz beside each one, see apps/web/vite.config.ts) and sent
 * as the browser accepts them (`preCompressed`); the cache headers are ours, never the static sender's default
 * (`cacheControl: false`), which would otherwise overwrite them with max-age=0.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`web client not built (${indexFile} missing): run "npm run build"`);
    return;
  }
  const rootFiles = new Set(
    readdirSync(webDist).filter(
      (f) => f !== "index.html" && !/\.(br|gz)$/.test(f) && statSync(path.join(webDist, f)).isFile(),
    ),
  );
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true, cacheControl: false });

  const send = (reply: FastifyReply, file: string, cache: string) => reply.header("cache-control", cache).sendFile(file);

  app.get("/assets/*", { config: { public: true, params: { "*": { value: "missing.js" } } } }, (request, reply) => {
    const file = (request.params as { "*": string })["*"];
    // The compressed siblings are chosen by the static layer, never asked for by name.
    if (/\.(br|gz)$/.test(file)) return reply.callNotFound();
    // An encoded ../ that climbs out of the assets names no asset: the same 404 as a missing one (the static layer
    // would refuse it with a 403 that tells nothing more).
    const asset = path.posix.join("assets", file);
    if (!asset.startsWith("assets/")) return reply.callNotFound();
    return send(reply, asset, IMMUTABLE_CACHE);
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const url = request.url.split("?")[0] ?? "/";
    if (url.startsWith("/assets/") || url.startsWith("/socket.io")) return;
    // The API reference (http/openapi.ts) is no client route.
    if (url === "/docs" || url.startsWith("/docs/") || url === "/openapi.json") return;
    const name = url.slice(1);
    if (rootFiles.has(name)) return send(reply, name, REVALIDATE_CACHE);
    if (!(request.headers.accept ?? "").includes("text/html")) return;
    // Read from disk per navigation (small, rare): a rebuilt client is served without restarting the server.
    return send(reply, "index.html", REVALIDATE_CACHE);
  });
}
