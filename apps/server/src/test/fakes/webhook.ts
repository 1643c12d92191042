import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";

/**
 * A local receiver for the webhook and n8n integrations: it checks `X-Atendo-Signature: sha256=<hex HMAC-SHA256 of
 * the raw body>` with the secret the test gives it (401 when wrong, as a careful receiver would), records each call,
 * and answers what `respond` returns (status and JSON or text). `hang` leaves requests unanswered.
 */
export interface FakeWebhookCall {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
}

export interface FakeWebhook {
  url: string;
  calls: FakeWebhookCall[];
  secret: string;
  hang: boolean;
  respond: (call: FakeWebhookCall) => { status?: number; json?: unknown; text?: string };
  close(): Promise<void>;
}

export function verifySignature(secret: string, raw: string, header: string | undefined): boolean {
  if (!secret || !header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startFakeWebhook(path = "/hook"): Promise<FakeWebhook> {
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const header = req.headers["x-atendo-signature"];
      const call: FakeWebhookCall = {
        path: new URL(req.url ?? "/", "http://x").pathname,
        headers: req.headers,
        raw,
        body,
        signatureValid: verifySignature(fake.secret, raw, typeof header === "string" ? header : undefined),
      };
      fake.calls.push(call);
      if (fake.hang) {
        hanging.add(res);
        return;
      }
      if (call.path !== path) {
        res.writeHead(404).end();
        return;
      }
      if (!call.signatureValid) {
        res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad signature" }));
        return;
      }
      const answer = fake.respond(call);
      if (answer.text !== undefined) {
        res.writeHead(answer.status ?? 200, { "content-type": "text/plain" }).end(answer.text);
        return;
      }
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(answer.json === undefined ? "" : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeWebhook = {
    url: `${base}${path}`,
    calls: [],
    secret: "",
    hang: false,
    respond: () => ({ status: 204 }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
