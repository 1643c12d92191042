import { useSyncExternalStore } from "react";
import type { LogoDestination } from "@atendo/shared";

/**
 * The logos are served at fixed URLs; after an upload this tab's images ask again with a new query string (other
 * tabs and visitors revalidate: the server answers `no-cache` with an ETag).
 */
let version = 0;
const listeners = new Set<() => void>();

export function bumpLogoVersion(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function useLogoVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

/** GET /public/logos/{ref}: the uploaded logo or the built-in one. */
export function logoUrl(destination: LogoDestination, v = 0): string {
  return v === 0 ? `/public/logos/${destination}` : `/public/logos/${destination}?v=${v}`;
}
