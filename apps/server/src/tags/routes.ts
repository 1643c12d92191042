import type { App } from "../http/types.js";

export async function tagsRoutes(_app: App): Promise<void> {
  // Filled by issue 6.
}
