import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

/**
 * A local Typebot viewer for tests, built from Typebot's chat API reference (docs.typebot.io/api-reference/chat):
 * `POST /api/v1/typebots/{publicId}/startChat` (`{ message?, prefilledVariables?, textBubbleContentFormat? }` →
 * `{ sessionId, typebot: { id, version }, messages, input?, resultId }`) and `POST /api/v1/sessions/{sessionId}/continueChat`
 * (`{ message: { type: "text", text } | string }` → `{ messages, input? }`; 404 `{ message: "Session not found." }`
 * for an unknown session). Bubbles: `{ id, type: "text", content: { type: "markdown", markdown } | { type: "richText",
 * richText } }`, `{ type: "image" | "audio", content: { url } }`, `{ type: "video", content: { url, type: "url" } }`.
 * A choice input is `{ id, type: "choice input", items: [{ id, content }], options: {} }`; an answer that matches no
 * item gets the same input again with no bubbles, as Typebot retries. The flow is a small state machine given by the
 * test; `GET /media/{name}` serves a tiny PNG for image bubbles. `hang` keeps every request unanswered.
 */
export type FakeBubble = { type: "text"; text: string } | { type: "image" | "audio" | "video"; url: string };
export interface FakeTypebotStep {
  bubbles: FakeBubble[];
  /** A choice input (each item leads to a step), a text input (any answer leads to `next`), or none (the flow ends). */
  input?: { type: "choice"; items: { label: string; next: string }[] } | { type: "text"; next: string };
}

export interface FakeTypebot {
  url: string;
  /** Requests served, with their JSON bodies. */
  requests: { method: string; path: string; body: unknown }[];
  sessions: Map<string, { publicId: string; step: string }>;
  /** The flow; a test may change it (e.g. to point a bubble at `mediaUrl`). */
  steps: Record<string, FakeTypebotStep>;
  /** Leave every request hanging (a service that does not answer). */
  hang: boolean;
  mediaUrl(name: string): string;
  close(): Promise<void>;
}

// 1×1 transparent PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

export async function startFakeTypebot(options: { publicId: string; steps: Record<string, FakeTypebotStep>; start: string }): Promise<FakeTypebot> {
  const requests: FakeTypebot["requests"] = [];
  const sessions: FakeTypebot["sessions"] = new Map();
  const hanging = new Set<ServerResponse>();
  let base = "";

  const bubbleOf = (bubble: FakeBubble, format: string) => {
    const id = randomBytes(6).toString("hex");
    if (bubble.type === "text") {
      return format === "markdown"
        ? { id, type: "text", content: { type: "markdown", markdown: bubble.text } }
        : { id, type: "text", content: { type: "richText", richText: bubble.text.split("\n").map((line) => ({ type: "p", children: [{ text: line }] })) } };
    }
    if (bubble.type === "video") return { id, type: "video", content: { url: bubble.url, type: "url" } };
    return { id, type: bubble.type, content: { url: bubble.url } };
  };
  const inputOf = (step: FakeTypebotStep) => {
    if (!step.input) return undefined;
    if (step.input.type === "text") return { id: "input-text", type: "text input", options: { labels: { placeholder: "Type your answer...", button: "Send" } } };
    return {
      id: "input-choice",
      type: "choice input",
      items: step.input.items.map((item, i) => ({ id: `item-${i}`, content: item.label, outgoingEdgeId: `edge-${i}` })),
      options: { isMultipleChoice: false },
    };
  };
  const answer = (stepName: string, format: string, withBubbles = true) => {
    const step = fake.steps[stepName]!;
    const input = inputOf(step);
    return { messages: withBubbles ? step.bubbles.map((b) => bubbleOf(b, format)) : [], ...(input ? { input } : {}) };
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(res, 400, { message: "Invalid JSON", code: "BAD_REQUEST" });
      }
      const path = new URL(req.url ?? "/", "http://x").pathname;
      requests.push({ method: req.method ?? "", path, body });
      if (req.method === "GET" && path.startsWith("/media/")) {
        res.writeHead(200, { "content-type": "image/png", "content-length": String(PNG.length) });
        return res.end(PNG);
      }
      if (fake.hang) {
        hanging.add(res);
        return;
      }
      const format = typeof body.textBubbleContentFormat === "string" ? body.textBubbleContentFormat : "richText";
      const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
      if (req.method === "POST" && start) {
        if (decodeURIComponent(start[1]!) !== options.publicId) return send(res, 404, { message: "Typebot not found", code: "NOT_FOUND" });
        const sessionId = randomBytes(12).toString("hex");
        sessions.set(sessionId, { publicId: options.publicId, step: options.start });
        const first = answer(options.start, format);
        if (!first.input) sessions.delete(sessionId);
        return send(res, 200, { sessionId, typebot: { id: `tb-${options.publicId}`, version: "6" }, resultId: randomBytes(6).toString("hex"), ...first });
      }
      const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
      if (req.method === "POST" && cont) {
        const session = sessions.get(decodeURIComponent(cont[1]!));
        if (!session) return send(res, 404, { message: "Session not found.", code: "NOT_FOUND" });
        const message = body.message;
        const text = typeof message === "string" ? message : typeof message === "object" && message ? String((message as { text?: unknown }).text ?? "") : "";
        const step = fake.steps[session.step]!;
        let next: string | undefined;
        if (step.input?.type === "choice") next = step.input.items.find((item) => item.label === text)?.next;
        else if (step.input?.type === "text") next = step.input.next;
        if (next === undefined) return send(res, 200, answer(session.step, format, false));
        session.step = next;
        const result = answer(next, format);
        if (!result.input) sessions.delete(cont[1]!);
        return send(res, 200, result);
      }
      send(res, 404, { message: "Not found", code: "NOT_FOUND" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeTypebot = {
    url: base,
    requests,
    sessions,
    steps: options.steps,
    hang: false,
    mediaUrl: (name) => `${base}/media/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
