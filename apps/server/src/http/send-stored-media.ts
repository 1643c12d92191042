import type { FastifyReply } from "fastify";

export interface StoredMedia {
  stream: NodeJS.ReadableStream;
  contentType: string;
  disposition: string;
}

/**
 * Answers with a stored attachment (storage/media-disposition.ts decides type and disposition). Whatever it holds,
 * nothing in it may run in our origin: no sniffing, and a sandbox if a browser navigates to it. `cacheSeconds` only
 * for URLs whose content never changes (a message's media; not a quick message's, which can be replaced).
 */
export function sendStoredMedia(reply: FastifyReply, media: StoredMedia, opts: { cacheSeconds?: number } = {}) {
  reply
    .header("content-type", media.contentType)
    .header("content-disposition", media.disposition)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "sandbox; default-src 'none'");
  if (opts.cacheSeconds) reply.header("cache-control", `private, max-age=${opts.cacheSeconds}`);
  return reply.send(media.stream);
}
