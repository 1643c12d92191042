import type { LogoDestination } from "@atendo/shared";

/** The mark of the web client's favicon.svg: the built-in icon. */
const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b7a75"/>' +
  '<path d="M18 44l4-10a14 14 0 1 1 6 6z" fill="#fff"/></svg>';

/** The mark with the product name beside it, for the login, signup and inside logos. */
const WORDMARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64"><rect width="64" height="64" rx="14" fill="#0b7a75"/>' +
  '<path d="M18 44l4-10a14 14 0 1 1 6 6z" fill="#fff"/>' +
  '<text x="78" y="44" font-family="Roboto, Helvetica, Arial, sans-serif" font-size="34" font-weight="700" fill="#0b7a75">Atendo</text></svg>';

/** What GET /public/logos/{ref} answers until a super user uploads one for that destination. */
export const DEFAULT_LOGOS: Record<LogoDestination, { contentType: "image/svg+xml"; data: Buffer }> = {
  signup: { contentType: "image/svg+xml", data: Buffer.from(WORDMARK) },
  login: { contentType: "image/svg+xml", data: Buffer.from(WORDMARK) },
  interno: { contentType: "image/svg+xml", data: Buffer.from(MARK) },
  favicon: { contentType: "image/svg+xml", data: Buffer.from(MARK) },
  "favicon-256x256": { contentType: "image/svg+xml", data: Buffer.from(MARK) },
  "apple-touch-icon": { contentType: "image/svg+xml", data: Buffer.from(MARK) },
};
