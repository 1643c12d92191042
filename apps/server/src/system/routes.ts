import type { App } from "../http/types.js";

export async function systemRoutes(app: App): Promise<void> {
  app.get("/version", { config: { public: true } }, async () => ({ version: app.deps.config.version }));
  app.get("/health", { config: { public: true } }, async () => ({ status: "ok" }));
}
