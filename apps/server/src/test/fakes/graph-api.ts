import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A local Graph API for WhatsApp Cloud API tests, in the shapes of Meta's Cloud API reference:
 * - `GET /{version}/{phone-number-id}?fields=…` → `{ display_phone_number, verified_name, quality_rating, id }`;
 * - `POST /{version}/{phone-number-id}/messages` (`messaging_product: "whatsapp"`, `recipient_type`, `to`, `type`, and
 *   the type's object: `text { body, preview_url }`, `image|video|audio|document|sticker { id, caption, filename }`,
 *   `location`, `contacts`, `reaction { message_id, emoji }`, `template { name, language { code }, components }`,
 *   `context { message_id }`) → `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }`;
 *   `{ status: "read", message_id, typing_indicator? }` → `{ success: true }`;
 * - `POST /{version}/{phone-number-id}/media` (multipart: `file`, `type`, `messaging_product`) → `{ id }`;
 * - `GET /{version}/{media-id}` → `{ messaging_product, url, mime_type, sha256, file_size, id }`, and the `url`
 *   answers the bytes to the same bearer token;
 * - `GET /{version}/{waba-id}/message_templates` → `{ data: [{ id, name, language, status, category, components }],
 *   paging }`.
 * The token is `Authorization: Bearer …`; errors are Meta's `{ error: { message, type, code, error_subcode,
 * error_data, fbtrace_id } }` (190 for an unknown or expired token, 100 for a bad parameter).
 *
 * Meta's side of the webhooks is here too: `verifyWebhook` makes the subscription GET, `deliver` posts a payload
 * signed with `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret), and the payload builders
 * (`inboundText`, `statusUpdate`, …) make the `whatsapp_business_account` envelope.
 */
export interface FakePhoneNumber {
  id: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  token: string;
}

export interface FakeGraphSent {
  phoneNumberId: string;
  body: any;
  messageId: string;
}

export interface FakeGraphFailure {
  status: number;
  code: number;
  message: string;
  type?: string;
}

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; format?: string; text?: string }[];
}

export interface FakeGraphApi {
  /** WHATSAPP_CLOUD_API_URL for the app (`http://127.0.0.1:port`). */
  url: string;
  version: string;
  phones: Map<string, FakePhoneNumber>;
  sent: FakeGraphSent[];
  /** Read receipts and typing indicators, with the request body as sent. */
  reads: { phoneNumberId: string; messageId: string; typing: boolean; body: any }[];
  templates: Map<string, FakeTemplate[]>;
  /** Every request, for assertions on what reached "Meta". */
  requests: { method: string; path: string; authorization?: string }[];
  addPhone(phone?: Partial<FakePhoneNumber>): FakePhoneNumber;
  /** The next sends answer these errors, one each (e.g. a 429 with code 130429). */
  failNextSends(...failures: FakeGraphFailure[]): void;
  /** The token stops working (code 190), as when it expires or is revoked. */
  expireToken(token: string): void;
  /** A customer's file, as Meta stores inbound media: answers the media id. */
  putMedia(data: Buffer, mimeType: string): string;
  media: Map<string, { data: Buffer; mimeType: string; fileName?: string }>;
  verifyWebhook(url: string, verifyToken: string, challenge?: string): Promise<{ status: number; body: string }>;
  deliver(url: string, appSecret: string, payload: unknown): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const wamid = () => `wamid.${randomBytes(24).toString("base64")}`;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function graphError(res: ServerResponse, status: number, code: number, message: string, type = "OAuthException"): void {
  send(res, status, { error: { message, type, code, error_data: { messaging_product: "whatsapp", details: message }, fbtrace_id: randomBytes(8).toString("hex") } });
}

const MESSAGE_TYPES = new Set(["text", "image", "audio", "video", "document", "sticker", "location", "contacts", "reaction", "template", "interactive"]);

export async function startFakeGraphApi(opts: { version?: string } = {}): Promise<FakeGraphApi> {
  const version = opts.version ?? "v23.0";
  const phones = new Map<string, FakePhoneNumber>();
  const media = new Map<string, { data: Buffer; mimeType: string; fileName?: string }>();
  const templates = new Map<string, FakeTemplate[]>();
  const expired = new Set<string>();
  const failures: FakeGraphFailure[] = [];
  const sent: FakeGraphSent[] = [];
  const reads: FakeGraphApi["reads"] = [];
  const requests: FakeGraphApi["requests"] = [];
  let base = "";

  const tokenOf = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  /** The phone the token belongs to, or an error answered. */
  function authorize(req: IncomingMessage, res: ServerResponse, phone?: FakePhoneNumber): boolean {
    const token = tokenOf(req);
    const known = token && !expired.has(token) && [...phones.values()].some((p) => p.token === token);
    if (!known || (phone && phone.token !== token)) {
      graphError(res, 401, 190, "Error validating access token: Session has expired or the token is invalid.");
      return false;
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", base);
    requests.push({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization });
    const parts = url.pathname.split("/").filter(Boolean);

    // Test controls for tests in another process (e2e): add a phone, read what was sent.
    if (parts[0] === "__control") {
      if (req.method === "POST" && parts[1] === "phones") {
        const raw = (await readBody(req)).toString("utf8");
        return send(res, 201, api.addPhone(raw ? (JSON.parse(raw) as Partial<FakePhoneNumber>) : {}));
      }
      if (req.method === "GET" && parts[1] === "sent") return send(res, 200, sent.filter((s) => !url.searchParams.get("phone") || s.phoneNumberId === url.searchParams.get("phone")));
      if (req.method === "GET" && parts[1] === "reads") return send(res, 200, reads);
      // The WABA's message templates (GET /{waba-id}/message_templates answers them).
      if (req.method === "PUT" && parts[1] === "templates" && parts[2]) {
        templates.set(parts[2], JSON.parse((await readBody(req)).toString("utf8")) as FakeTemplate[]);
        return send(res, 200, { ok: true });
      }
      return send(res, 404, {});
    }

    if (parts[0] === "media-download" && parts[1]) {
      if (!authorize(req, res)) return;
      const file = media.get(parts[1]);
      if (!file) return graphError(res, 404, 100, "Media not found", "GraphMethodException");
      res.writeHead(200, { "content-type": file.mimeType });
      res.end(file.data);
      return;
    }
    if (parts[0] !== version || !parts[1]) return graphError(res, 400, 2500, "Unknown path components", "OAuthException");
    const id = decodeURIComponent(parts[1]);
    const edge = parts[2];

    if (req.method === "GET" && !edge) {
      const phone = phones.get(id);
      if (phone) {
        if (!authorize(req, res, phone)) return;
        return send(res, 200, { display_phone_number: phone.displayPhoneNumber, verified_name: phone.verifiedName, quality_rating: phone.qualityRating, id: phone.id });
      }
      const file = media.get(id);
      if (file) {
        if (!authorize(req, res)) return;
        return send(res, 200, { messaging_product: "whatsapp", url: `${base}/media-download/${id}`, mime_type: file.mimeType, sha256: "", file_size: file.data.length, id });
      }
      if (!authorize(req, res)) return;
      return graphError(res, 400, 100, `Unsupported get request. Object with ID '${id}' does not exist`, "GraphMethodException");
    }

    if (req.method === "GET" && edge === "message_templates") {
      const phone = [...phones.values()].find((p) => p.wabaId === id);
      if (!phone) return graphError(res, 400, 100, `Object with ID '${id}' does not exist`, "GraphMethodException");
      if (!authorize(req, res, phone)) return;
      return send(res, 200, { data: templates.get(id) ?? [], paging: { cursors: { before: "b", after: "a" } } });
    }

    const phone = phones.get(id);
    if (req.method === "POST" && phone && edge === "media") {
      if (!authorize(req, res, phone)) return;
      const raw = await readBody(req);
      const form = await new Request("http://fake/", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: new Uint8Array(raw) }).formData();
      const file = form.get("file");
      if (form.get("messaging_product") !== "whatsapp" || !(file instanceof Blob)) return graphError(res, 400, 100, "Invalid parameter");
      const mediaId = String(Math.floor(Math.random() * 1e15));
      media.set(mediaId, { data: Buffer.from(await file.arrayBuffer()), mimeType: String(form.get("type") ?? file.type), fileName: (file as File).name });
      return send(res, 200, { id: mediaId });
    }

    if (req.method === "POST" && phone && edge === "messages") {
      if (!authorize(req, res, phone)) return;
      let body: any;
      try {
        body = JSON.parse((await readBody(req)).toString("utf8"));
      } catch {
        return graphError(res, 400, 100, "Invalid parameter");
      }
      if (body?.messaging_product !== "whatsapp") return graphError(res, 400, 100, "The parameter messaging_product is required.");
      if (body.status === "read") {
        if (typeof body.message_id !== "string") return graphError(res, 400, 100, "The parameter message_id is required.");
        reads.push({ phoneNumberId: id, messageId: body.message_id, typing: Boolean(body.typing_indicator), body });
        return send(res, 200, { success: true });
      }
      const failure = failures.shift();
      if (failure) return graphError(res, failure.status, failure.code, failure.message, failure.type);
      if (typeof body.to !== "string" || !body.to) return graphError(res, 400, 100, "The parameter to is required.");
      const type = body.type ?? "text";
      if (!MESSAGE_TYPES.has(type) || typeof body[type] !== "object") return graphError(res, 400, 100, `Param ${type} is required.`);
      if (["image", "audio", "video", "document", "sticker"].includes(type) && !body[type].id && !body[type].link) return graphError(res, 400, 100, "Param id or link is required.");
      const messageId = wamid();
      sent.push({ phoneNumberId: id, body, messageId });
      return send(res, 200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: String(body.to).replace(/\D/g, "") }], messages: [{ id: messageId }] });
    }
    graphError(res, 400, 100, "Unsupported request", "GraphMethodException");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => graphError(res, 500, 1, (err as Error).message));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const api: FakeGraphApi = {
    url: base,
    version,
    phones,
    sent,
    reads,
    templates,
    requests,
    media,
    addPhone(p = {}) {
      const n = Math.floor(Math.random() * 1e9);
      const phone: FakePhoneNumber = {
        id: p.id ?? String(100_000_000_000_000 + n),
        wabaId: p.wabaId ?? String(200_000_000_000_000 + n),
        displayPhoneNumber: p.displayPhoneNumber ?? `+55 11 9${String(n).padStart(8, "0").slice(0, 4)}-${String(n).padStart(8, "0").slice(4, 8)}`,
        verifiedName: p.verifiedName ?? "Loja Oficial",
        qualityRating: p.qualityRating ?? "GREEN",
        token: p.token ?? `EAAG${randomBytes(24).toString("hex")}`,
      };
      phones.set(phone.id, phone);
      return phone;
    },
    failNextSends: (...f) => void failures.push(...f),
    expireToken: (token) => void expired.add(token),
    putMedia(data, mimeType) {
      const mediaId = String(Math.floor(Math.random() * 1e15));
      media.set(mediaId, { data, mimeType });
      return mediaId;
    },
    async verifyWebhook(url, verifyToken, challenge = String(Math.floor(Math.random() * 1e9))) {
      const target = new URL(url);
      target.searchParams.set("hub.mode", "subscribe");
      target.searchParams.set("hub.verify_token", verifyToken);
      target.searchParams.set("hub.challenge", challenge);
      const res = await fetch(target);
      return { status: res.status, body: await res.text() };
    },
    async deliver(url, appSecret, payload) {
      const raw = JSON.stringify(payload);
      const signature = `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}

// --- Meta's webhook payloads ------------------------------------------------------------------------------------

/** The envelope of one change for a phone number. */
export function webhookEnvelope(phone: Pick<FakePhoneNumber, "id" | "wabaId" | "displayPhoneNumber">, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: phone.wabaId,
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: phone.displayPhoneNumber.replace(/\D/g, ""), phone_number_id: phone.id }, ...value },
          },
        ],
      },
    ],
  };
}

export interface FakeCustomer {
  name: string;
  waId: string;
}

/** A customer's message of any type: `message` holds the type's fields (`{ type: "text", text: { body } }`). */
export function inboundMessage(phone: FakePhoneNumber, from: FakeCustomer, message: Record<string, unknown>, o: { id?: string; timestamp?: Date; context?: { id: string } } = {}) {
  const id = o.id ?? wamid();
  const payload = webhookEnvelope(phone, {
    contacts: [{ profile: { name: from.name }, wa_id: from.waId }],
    messages: [
      {
        from: from.waId,
        id,
        timestamp: String(Math.floor((o.timestamp ?? new Date()).getTime() / 1000)),
        ...(o.context ? { context: { from: from.waId, id: o.context.id } } : {}),
        ...message,
      },
    ],
  });
  return { id, payload };
}

export const inboundText = (phone: FakePhoneNumber, from: FakeCustomer, body: string, o: { id?: string; timestamp?: Date; context?: { id: string } } = {}) =>
  inboundMessage(phone, from, { type: "text", text: { body } }, o);

/** A status of one of our messages: sent, delivered, read, or failed with Meta's error. */
export function statusUpdate(phone: FakePhoneNumber, messageId: string, recipient: string, status: "sent" | "delivered" | "read" | "failed", error?: { code: number; title: string; message?: string }) {
  return webhookEnvelope(phone, {
    statuses: [
      {
        id: messageId,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: recipient,
        ...(status !== "failed" ? { conversation: { id: randomBytes(8).toString("hex"), origin: { type: "service" } }, pricing: { billable: true, pricing_model: "PMP", category: "service" } } : {}),
        ...(error ? { errors: [{ code: error.code, title: error.title, message: error.message ?? error.title, error_data: { details: error.message ?? error.title } }] } : {}),
      },
    ],
  });
}
