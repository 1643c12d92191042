import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";

let database: Database;
let app: TestApp;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Sends raw bytes (what a real client could send, past what inject allows) and reads the status and body. */
function rawRequest(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") });
    });
    socket.on("error", (err: NodeJS.ErrnoException) => (err.code === "ECONNRESET" ? undefined : reject(err)));
  });
}

describe("one error shape for the server's own 4xx", () => {
  it("answers a URL that is not valid percent-encoding with 400 ERR_BAD_REQUEST", async () => {
    const res = await rawRequest("GET /tickets/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: "ERR_BAD_REQUEST" });
  });

  it("answers a path parameter over the router's limit with 414 in the same shape", async () => {
    const res = await rawRequest(`GET /tickets/${"9".repeat(500)} HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ error: "ERR_BAD_REQUEST" });
  });

  it("answers headers over Node's size limit with 431 in the same shape", async () => {
    const res = await rawRequest(`GET /version HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: "ERR_BAD_REQUEST" });
  });

  it("answers an unparsable request with 400 in the same shape", async () => {
    const res = await rawRequest("NOT A REQUEST\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: "ERR_BAD_REQUEST" });
  });
});
