import type { App } from "../http/types.js";

export async function quickMessagesRoutes(_app: App): Promise<void> {
  // Filled by issue 6.
}
