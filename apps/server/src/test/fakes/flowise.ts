import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";

/**
 * A local Flowise for tests, in the shapes of Flowise's API reference (docs.flowiseai.com, "Prediction"):
 * `POST /api/v1/prediction/{chatflowId}` with `question`, `chatId`, `overrideConfig.sessionId`, `uploads`, `streaming`
 * → `{ text, question, chatId, chatMessageId, sessionId, memoryType }`. A chatflow with a key (`apiKey`) wants
 * `Authorization: Bearer <key>`; errors are Flowise's `{ statusCode, success: false, message, stack }`.
 */
export interface FakeFlowiseRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

export interface FakeFlowise {
  /** The server's base (`http://127.0.0.1:port`). */
  url: string;
  chatflowId: string;
  /** The prediction URL of the chatflow, as `urlflowise` holds it. */
  predictionUrl: string;
  requests: FakeFlowiseRequest[];
  /** sessionId → the questions asked in it (the flow's memory). */
  sessions: Map<string, string[]>;
  close(): Promise<void>;
}

export interface FakeFlowiseOptions {
  /** When set, the chatflow requires this API key. */
  apiKey?: string;
  reply?: (req: FakeFlowiseRequest, memory: string[]) => string | { status: number; body: unknown } | undefined;
  hang?: boolean;
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const flowiseError = (res: ServerResponse, statusCode: number, message: string) => send(res, statusCode, { statusCode, success: false, message, stack: {} });

export async function startFakeFlowise(opts: FakeFlowiseOptions = {}): Promise<FakeFlowise> {
  const chatflowId = randomUUID();
  const requests: FakeFlowiseRequest[] = [];
  const sessions: FakeFlowise["sessions"] = new Map();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = await readJson(req);
      const request: FakeFlowiseRequest = { method: req.method ?? "GET", path: url.pathname, headers: req.headers, body };
      requests.push(request);
      if (opts.hang) return;

      const prediction = url.pathname.match(/^\/api\/v1\/prediction\/([^/]+)$/);
      if (prediction && req.method === "POST") {
        if (prediction[1] !== chatflowId) return flowiseError(res, 404, `Chatflow ${prediction[1]} not found`);
        if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return flowiseError(res, 401, "Unauthorized");
        if (typeof body?.question !== "string" || !body.question) return flowiseError(res, 400, "Error: predictionsController.createPrediction - question not provided!");
        // Memory is keyed by overrideConfig.sessionId, else by chatId, else a fresh chat.
        const chatId: string = body.chatId || randomUUID();
        const sessionId: string = body.overrideConfig?.sessionId || chatId;
        const memory = sessions.get(sessionId) ?? [];
        sessions.set(sessionId, memory);
        memory.push(body.question);
        const custom = opts.reply?.(request, memory);
        if (custom !== undefined && typeof custom !== "string") return send(res, custom.status, custom.body);
        return send(res, 200, {
          text: custom ?? `Resposta ${memory.length}: ${body.question}`,
          question: body.question,
          chatId,
          chatMessageId: randomUUID(),
          isStreamValid: false,
          sessionId,
          memoryType: "Buffer Memory",
        });
      }
      return flowiseError(res, 404, "Not Found");
    })().catch(() => flowiseError(res, 500, "Internal Server Error"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    chatflowId,
    predictionUrl: `${url}/api/v1/prediction/${chatflowId}`,
    requests,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
