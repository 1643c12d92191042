import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";

/**
 * A local Asaas (API v3) for tests, built from its reference (docs.asaas.com): the key in the `access_token` header;
 * `GET/POST /customers` (name and cpfCnpj required; list filtered by externalReference, answered as `{ data }`);
 * `POST /payments` (customer, billingType, value, dueDate not in the past), `GET /payments/{id}` and
 * `GET /payments/{id}/pixQrCode` (`{ encodedImage, payload, expirationDate }`); errors as
 * `{ errors: [{ code, description }] }`. Webhooks go out as Asaas sends them: `{ id: "evt_…", event, dateCreated,
 * payment }` with the `asaas-access-token` header.
 * Control routes for tests in other processes (e2e): `GET /__control/payments`, `POST /__control/payments/{id}/receive`.
 */
export interface FakeAsaasPayment {
  object: "payment";
  id: string;
  customer: string;
  billingType: string;
  value: number;
  netValue: number;
  status: string;
  dueDate: string;
  description: string | null;
  externalReference: string | null;
  dateCreated: string;
  deleted: boolean;
}

export interface FakeAsaas {
  /** Base URL with the version, as ASAAS_API_URL expects (`http://127.0.0.1:port/v3`). */
  url: string;
  apiKey: string;
  customers: Map<string, { id: string; name: string; cpfCnpj: string; externalReference: string | null }>;
  payments: Map<string, FakeAsaasPayment>;
  /** Every request the fake served, for assertions (method, path, and its JSON body). */
  requests: { method: string; path: string; body: unknown }[];
  /** The payer paid: the payment becomes RECEIVED (optionally with another amount, as a tampered event would claim). */
  receive(paymentId: string, opts?: { value?: number }): FakeAsaasPayment;
  /** The event Asaas would post for a payment (a fresh event id unless given). */
  event(paymentId: string, event?: string, eventId?: string): { id: string; event: string; dateCreated: string; payment: FakeAsaasPayment };
  /** Posts an event to a webhook URL with the token, as Asaas does. */
  deliver(webhookUrl: string, token: string, body: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** EMV field: id, two-digit length, value. */
const emv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
/** A dynamic Pix BR Code as Asaas returns (the charge's location URL in field 26.25), with its CRC16. */
function dynamicBrCode(payment: { id: string; value: number }): string {
  const body =
    emv("00", "01") +
    emv("01", "12") +
    emv("26", emv("00", "br.gov.bcb.pix") + emv("25", `pix.asaas.test/qr/cobv/${payment.id}`)) +
    emv("52", "0000") +
    emv("53", "986") +
    emv("54", payment.value.toFixed(2)) +
    emv("58", "BR") +
    emv("59", "ASAAS FAKE") +
    emv("60", "JOINVILLE") +
    emv("62", emv("05", "***")) +
    "6304";
  return body + crc16(body);
}

const today = () => new Date().toISOString().slice(0, 10);
const id = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

async function readJson(req: IncomingMessage): Promise<unknown> {
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

const invalid = (res: ServerResponse, description: string) => send(res, 400, { errors: [{ code: "invalid_action", description }] });

export async function startFakeAsaas(opts: { apiKey?: string; webhookUrl?: string; webhookToken?: string } = {}): Promise<FakeAsaas> {
  const apiKey = opts.apiKey ?? `$aact_test_${randomBytes(8).toString("hex")}`;
  const customers: FakeAsaas["customers"] = new Map();
  const payments: FakeAsaas["payments"] = new Map();
  const requests: FakeAsaas["requests"] = [];

  const fake = {
    apiKey,
    customers,
    payments,
    requests,
    receive(paymentId: string, o: { value?: number } = {}) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`fake asaas: no payment ${paymentId}`);
      p.status = "RECEIVED";
      if (o.value !== undefined) p.value = o.value;
      return p;
    },
    event(paymentId: string, event = "PAYMENT_RECEIVED", eventId?: string) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`fake asaas: no payment ${paymentId}`);
      return { id: eventId ?? `evt_${randomBytes(16).toString("hex")}&${Date.now()}`, event, dateCreated: new Date().toISOString().replace("T", " ").slice(0, 19), payment: { ...p } };
    },
    async deliver(webhookUrl: string, token: string, body: unknown) {
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "asaas-access-token": token },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = await readJson(req);
      requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, body });

      // Test controls (no key): other processes (the e2e tests) drive the payer from here.
      if (url.pathname === "/__control/payments" && req.method === "GET") return send(res, 200, { data: [...payments.values()] });
      const control = url.pathname.match(/^\/__control\/payments\/([^/]+)\/receive$/);
      if (control && req.method === "POST") {
        if (!payments.has(control[1]!)) return send(res, 404, { errors: [{ code: "not_found", description: "payment" }] });
        const paid = fake.receive(control[1]!);
        const delivered = opts.webhookUrl && opts.webhookToken ? await fake.deliver(opts.webhookUrl, opts.webhookToken, fake.event(paid.id)) : null;
        return send(res, 200, { payment: paid, webhook: delivered });
      }

      if (!url.pathname.startsWith("/v3/")) return send(res, 404, {});
      if (req.headers["access_token"] !== apiKey) return send(res, 401, { errors: [{ code: "invalid_access_token", description: "A chave de API fornecida é inválida" }] });
      const path = url.pathname.slice(3);
      const b = (body ?? {}) as Record<string, unknown>;

      if (path === "/customers" && req.method === "GET") {
        const ref = url.searchParams.get("externalReference");
        const data = [...customers.values()].filter((c) => !ref || c.externalReference === ref);
        return send(res, 200, { object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data });
      }
      if (path === "/customers" && req.method === "POST") {
        if (typeof b.name !== "string" || !b.name) return invalid(res, "O campo name deve ser informado.");
        if (typeof b.cpfCnpj !== "string" || !/^\d{11}(\d{3})?$/.test(b.cpfCnpj)) return invalid(res, "O CPF/CNPJ informado é inválido.");
        const c = { object: "customer", id: id("cus"), name: b.name, cpfCnpj: b.cpfCnpj, externalReference: typeof b.externalReference === "string" ? b.externalReference : null };
        customers.set(c.id, c);
        return send(res, 200, c);
      }
      if (path === "/payments" && req.method === "POST") {
        if (typeof b.customer !== "string" || !customers.has(b.customer)) return invalid(res, "Customer inválido ou não informado.");
        if (!["PIX", "BOLETO", "CREDIT_CARD", "UNDEFINED"].includes(String(b.billingType))) return invalid(res, "Forma de pagamento inválida.");
        if (typeof b.value !== "number" || b.value <= 0) return invalid(res, "O valor da cobrança deve ser informado.");
        if (typeof b.dueDate !== "string" || b.dueDate < today()) return invalid(res, "A data de vencimento não pode ser inferior à data atual.");
        const p: FakeAsaasPayment = {
          object: "payment",
          id: id("pay"),
          customer: b.customer,
          billingType: String(b.billingType),
          value: b.value,
          netValue: Math.round(b.value * 0.99 * 100) / 100,
          status: "PENDING",
          dueDate: b.dueDate,
          description: typeof b.description === "string" ? b.description : null,
          externalReference: typeof b.externalReference === "string" ? b.externalReference : null,
          dateCreated: today(),
          deleted: false,
        };
        payments.set(p.id, p);
        return send(res, 200, p);
      }
      const qr = path.match(/^\/payments\/([^/]+)\/pixQrCode$/);
      if (qr && req.method === "GET") {
        const p = payments.get(qr[1]!);
        if (!p) return send(res, 404, { errors: [{ code: "not_found", description: "Cobrança não encontrada." }] });
        const expiration = new Date(Date.parse(`${p.dueDate}T23:59:59Z`) + 365 * 86_400_000);
        return send(res, 200, { encodedImage: Buffer.from("fake-png").toString("base64"), payload: dynamicBrCode(p), expirationDate: expiration.toISOString().replace("T", " ").slice(0, 19) });
      }
      const one = path.match(/^\/payments\/([^/]+)$/);
      if (one && req.method === "GET") {
        const p = payments.get(one[1]!);
        return p ? send(res, 200, p) : send(res, 404, { errors: [{ code: "not_found", description: "Cobrança não encontrada." }] });
      }
      return send(res, 404, {});
    })().catch(() => send(res, 500, {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
