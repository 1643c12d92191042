import type { App } from "../http/types.js";

export async function queuesRoutes(_app: App): Promise<void> {
  // Filled by issue 6.
}
