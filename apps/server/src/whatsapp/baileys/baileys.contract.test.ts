import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../db/client.js";
import { createTestDatabase } from "../../test/helpers.js";
import { runProviderContract } from "../contract/provider-contract.js";
import { baileysContractHarness } from "./contract-harness.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

runProviderContract(baileysContractHarness(() => database.db));
