import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "./error-handler.js";
import { AppError } from "../errors.js";

function appWith(handler: () => unknown) {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: "error", stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  registerErrorHandling(app);
  app.get("/boom", async () => handler());
  return { app, logged };
}

describe("error handler", () => {
  it("answers an unknown error with 500 and the request id, without internals, and logs it", async () => {
    const { app, logged } = appWith(() => {
      throw new Error("password=hunter2 at db.query");
    });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "ERR_INTERNAL", details: { requestId: expect.any(String) } });
    expect(res.body).not.toContain("hunter2");
    expect(JSON.stringify(logged)).toContain("hunter2");
    expect(JSON.stringify(logged)).toContain(res.json().details.requestId);
  });

  it("answers an AppError with its code and status", async () => {
    const { app } = appWith(() => {
      throw new AppError("ERR_NO_TICKET_FOUND", 404);
    });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
  });

  it("answers unknown paths with ERR_NOT_FOUND", async () => {
    const { app } = appWith(() => "ok");
    const res = await app.inject({ method: "GET", url: "/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });
});
