import type { FastifyInstance, FastifyRequest } from "fastify";
import compress from "@fastify/compress";

/** Two years, subdomains included (helmet's own default value; sent only on HTTPS, see below). */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/**
 * Whether this request reached us over HTTPS: TLS on our own socket, or a proxy's X-Forwarded-Proto when TRUST_PROXY
 * is on (Fastify's `request.protocol` reads it only then).
 */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https";
}

/**
 * How answers travel: compressed (Brotli, else gzip) when the browser accepts it, and HSTS only where it means
 * something. The app must open over plain HTTP from any address (a LAN install): a browser told "HTTPS only" over
 * HTTP would be locked out of every later plain visit of that host, so HSTS goes out only on requests that arrived
 * over HTTPS, whatever PUBLIC_URL says (the same deployment may also be reached over plain HTTP on the LAN). Static
 * files carry their own precompressed forms (serve-web.ts); an answer that already has a Content-Encoding is left alone.
 */
export async function registerDelivery(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    // Compressed request bodies are not part of the API: keep the request side as it was.
    globalDecompression: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (isHttps(request)) void reply.header("strict-transport-security", HSTS_VALUE);
  });
}
