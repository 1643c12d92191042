/** Routes open without a session (spec section 2). */
export const PUBLIC_PATHS = ["/login", "/signup", "/forgetpsw"] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, "") || "/");
}
