import type { Database } from "../../db/client.js";
import { startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api.js";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";

/** Tests: an app whose Cloud API connections talk to a fake Graph API of its own, on the worker's test database. */
export async function startCloudTestApp(): Promise<{ database: Database; graph: FakeGraphApi; app: TestApp }> {
  const database = await createTestDatabase();
  const graph = await startFakeGraphApi();
  const app = await createTestApp(database, { whatsappCloudApiUrl: graph.url, whatsappCloudApiVersion: graph.version });
  return { database, graph, app };
}

export async function closeCloudTestApp(t: { database: Database; graph: FakeGraphApi; app: TestApp }): Promise<void> {
  await t.app.close();
  await t.graph.close();
  await t.database.close();
}
