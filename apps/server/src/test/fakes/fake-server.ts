import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** A recorded request of a fake provider: the path without the query, its query, headers and raw body. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** The body parsed as JSON when it is JSON. */
  json: any;
}

export type FakeHandler = (req: FakeRequest, res: ServerResponse) => void | Promise<void>;

/** A local HTTP server on a random port that records every request and hands it to `handler`. */
export async function startFakeServer(handler: FakeHandler): Promise<{ origin: string; requests: FakeRequest[]; close(): Promise<void> }> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      let json: any;
      try {
        json = body.length ? JSON.parse(body.toString("utf8")) : undefined;
      } catch {
        json = undefined;
      }
      const url = new URL(req.url ?? "/", "http://fake");
      const request: FakeRequest = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
      requests.push(request);
      await handler(request, res);
    })().catch(() => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "fake failed" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
