import type { OutboundFetch } from "../../outbound/outbound-fetch.js";
import { OutboundError } from "../../outbound/outbound-fetch.js";

/**
 * A small client of Meta's Graph API for the WhatsApp Cloud API (only what the provider uses). Every call goes
 * through the guarded outbound client with a timeout. Errors come back as Meta's error object
 * ({ error: { message, type, code, error_subcode, error_data: { details }, fbtrace_id } }), thrown as GraphApiError.
 */
export interface GraphClientOptions {
  fetch: OutboundFetch;
  /** WHATSAPP_CLOUD_API_URL, e.g. https://graph.facebook.com */
  baseUrl: string;
  /** WHATSAPP_CLOUD_API_VERSION, e.g. v23.0 */
  version: string;
  accessToken: string;
  timeoutMs?: number;
}

export class GraphApiError extends Error {
  constructor(
    /** HTTP status (0 when the request never got an answer). */
    public readonly status: number,
    /** Meta's error code (190 expired token, 131047 outside the 24-hour window, 130429 throughput…). */
    public readonly code: number,
    message: string,
    public readonly subcode?: number,
  ) {
    super(message);
  }

  /** Rate limits and throughput: trying again later may pass. */
  get rateLimited(): boolean {
    return this.status === 429 || this.code === 4 || this.code === 80007 || this.code === 130429 || this.code === 131056;
  }

  /** The token expired or was revoked: nothing works until an admin saves a new one. */
  get tokenInvalid(): boolean {
    return this.code === 190;
  }

  /** A network failure, a timeout or Meta's own server error. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500 || this.code === 1 || this.code === 2 || this.code === 131000;
  }
}

export interface PhoneNumberInfo {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating?: string;
}

export interface MediaInfo {
  id: string;
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: number;
}

export interface MessageTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  components: { type: string; format?: string; text?: string }[];
}

export interface GraphClient {
  phoneNumber(phoneNumberId: string): Promise<PhoneNumberInfo>;
  /** POST /{phone-number-id}/messages: the body without messaging_product (added here). */
  sendMessage(phoneNumberId: string, body: Record<string, unknown>): Promise<{ messageId: string; waId?: string }>;
  /** POST /{phone-number-id}/messages with status "read" (and optionally the typing indicator). */
  markRead(phoneNumberId: string, messageId: string, typing?: boolean): Promise<void>;
  uploadMedia(phoneNumberId: string, data: Buffer, mimetype: string, fileName: string): Promise<string>;
  mediaInfo(mediaId: string): Promise<MediaInfo>;
  downloadMedia(url: string): Promise<Buffer>;
  templates(businessAccountId: string): Promise<MessageTemplate[]>;
}

export function createGraphClient(o: GraphClientOptions): GraphClient {
  const root = `${o.baseUrl.replace(/\/+$/, "")}/${o.version}`;
  const auth = { authorization: `Bearer ${o.accessToken}` };

  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await o.fetch(url, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) }, timeoutMs: o.timeoutMs });
    } catch (err) {
      const message = err instanceof OutboundError ? `${err.code}: ${err.message}` : (err as Error).message;
      throw new GraphApiError(0, 0, message);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    if (!res.ok) {
      const error = (body as { error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } } }).error;
      throw new GraphApiError(res.status, error?.code ?? res.status, error?.message ?? `HTTP ${res.status}`, error?.error_subcode);
    }
    return body as T;
  }

  const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  return {
    phoneNumber: (id) => call<PhoneNumberInfo>(`${root}/${encodeURIComponent(id)}?fields=display_phone_number,verified_name,quality_rating`),
    async sendMessage(phoneNumberId, body) {
      const answer = await call<{ contacts?: { wa_id?: string }[]; messages?: { id: string }[] }>(
        `${root}/${encodeURIComponent(phoneNumberId)}/messages`,
        json({ messaging_product: "whatsapp", recipient_type: "individual", ...body }),
      );
      const messageId = answer.messages?.[0]?.id;
      if (!messageId) throw new GraphApiError(200, 0, "the Graph API answered without a message id");
      return { messageId, waId: answer.contacts?.[0]?.wa_id };
    },
    async markRead(phoneNumberId, messageId, typing) {
      await call(
        `${root}/${encodeURIComponent(phoneNumberId)}/messages`,
        json({ messaging_product: "whatsapp", status: "read", message_id: messageId, ...(typing ? { typing_indicator: { type: "text" } } : {}) }),
      );
    },
    async uploadMedia(phoneNumberId, data, mimetype, fileName) {
      const form = new FormData();
      form.set("messaging_product", "whatsapp");
      form.set("type", mimetype);
      form.set("file", new Blob([new Uint8Array(data)], { type: mimetype }), fileName);
      const answer = await call<{ id?: string }>(`${root}/${encodeURIComponent(phoneNumberId)}/media`, { method: "POST", body: form });
      if (!answer.id) throw new GraphApiError(200, 0, "the Graph API answered an upload without a media id");
      return answer.id;
    },
    mediaInfo: (mediaId) => call<MediaInfo>(`${root}/${encodeURIComponent(mediaId)}`),
    async downloadMedia(url) {
      let res: Response;
      try {
        res = await o.fetch(url, { headers: auth, timeoutMs: o.timeoutMs });
      } catch (err) {
        throw new GraphApiError(0, 0, (err as Error).message);
      }
      if (!res.ok) throw new GraphApiError(res.status, res.status, `media download answered HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async templates(businessAccountId) {
      const answer = await call<{ data?: MessageTemplate[] }>(
        `${root}/${encodeURIComponent(businessAccountId)}/message_templates?fields=id,name,language,status,category,components&limit=200`,
      );
      return answer.data ?? [];
    },
  };
}
