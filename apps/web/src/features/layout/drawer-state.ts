/** Wider than this, the side menu starts open (spec section 2). */
export const DRAWER_AUTO_OPEN_MIN_WIDTH = 1200;
export const DRAWER_WIDTH = 280;

/**
 * The side menu's first state: the company setting sideMenuInitialState when it is set,
 * otherwise open on pages wider than 1200 px. On phones (temporary drawer) it always starts closed.
 */
export function initialDrawerOpen(windowWidth: number, setting: string | undefined, temporary: boolean): boolean {
  if (temporary) return false;
  if (setting === "open") return true;
  if (setting === "closed") return false;
  return windowWidth > DRAWER_AUTO_OPEN_MIN_WIDTH;
}
