import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from "node:crypto";
import { jwtVerify } from "jose";

/**
 * A local Dialogflow ES (API v2) and Google OAuth token endpoint for tests, in the shapes of Google's references:
 * - `POST /token`: the service-account JWT bearer grant (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`,
 *   `assertion` = an RS256 JWT with `iss` = client_email, `aud` = token_uri, `scope`, `iat`, `exp`) →
 *   `{ access_token, expires_in, token_type: "Bearer" }`; a bad signature is `400 { error: "invalid_grant",
 *   error_description: "Invalid JWT Signature." }`;
 * - `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent` (`queryInput.text` or `queryInput.event`) →
 *   `{ responseId, queryResult: { queryText, languageCode, action, parameters, allRequiredParamsPresent,
 *   fulfillmentText, fulfillmentMessages, intent: { name, displayName, endInteraction, liveAgentHandoff },
 *   intentDetectionConfidence, diagnosticInfo } }`;
 * - `GET /v2/projects/{project}/agent` → the agent.
 * Google's errors are `{ error: { code, message, status } }`. `serviceAccount()` gives a key file the fake trusts.
 */
export interface FakeDialogflowRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

export interface FakeDialogflowIntent {
  displayName: string;
  /** Text messages of the intent's response. */
  messages?: string[];
  /** Extra rich messages (`image`, `quickReplies`, `card`, `payload` …), as Dialogflow returns them. */
  richMessages?: unknown[];
  endInteraction?: boolean;
  liveAgentHandoff?: boolean;
  /** Sets `diagnosticInfo.end_conversation`, as an intent marked "end of conversation" does. */
  endConversation?: boolean;
}

export interface FakeDialogflow {
  /** The API base, as DIALOGFLOW_API_URL holds it (`http://127.0.0.1:port`). */
  url: string;
  projectId: string;
  /** A service-account key file (as `jsonContent` holds it) whose token_uri is this fake. */
  serviceAccount(opts?: { projectId?: string; untrusted?: boolean }): Record<string, string>;
  requests: FakeDialogflowRequest[];
  /** session path → the queries it received (a session's context). */
  sessions: Map<string, string[]>;
  /** Tokens issued so far. */
  tokensIssued: number;
  close(): Promise<void>;
}

export interface FakeDialogflowOptions {
  projectId?: string;
  /** Decides the matched intent from the query text or event name; default echoes. `{ status, body }` answers exactly that. */
  intent?: (query: { text?: string; event?: string; languageCode: string; session: string }) => FakeDialogflowIntent | { status: number; body: unknown };
  hang?: boolean;
}

async function readBody(req: IncomingMessage): Promise<{ raw: string; json: any }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  try {
    return { raw, json: raw ? JSON.parse(raw) : undefined };
  } catch {
    return { raw, json: null };
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}
const googleError = (res: ServerResponse, code: number, status: string, message: string) => send(res, code, { error: { code, message, status } });

function pem(key: KeyObject): string {
  return key.export({ type: "pkcs8", format: "pem" }).toString();
}

/** RSA key generation is slow: one trusted and one untrusted pair for the whole test process. */
type KeyPair = { publicKey: KeyObject; privateKey: KeyObject };
let pairs: { trusted: KeyPair; untrusted: KeyPair } | undefined;
function keyPairs() {
  pairs ??= { trusted: generateKeyPairSync("rsa", { modulusLength: 2048 }), untrusted: generateKeyPairSync("rsa", { modulusLength: 2048 }) };
  return pairs;
}

export async function startFakeDialogflow(opts: FakeDialogflowOptions = {}): Promise<FakeDialogflow> {
  const projectId = opts.projectId ?? "atendo-bot-4f2a1";
  const { trusted, untrusted } = keyPairs();
  const clientEmail = `dialogflow-client@${projectId}.iam.gserviceaccount.com`;
  const tokens = new Map<string, { clientEmail: string; expiresAt: number }>();
  const requests: FakeDialogflowRequest[] = [];
  const sessions: FakeDialogflow["sessions"] = new Map();
  let base = "";

  const state = { tokensIssued: 0 };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const { raw, json } = await readBody(req);
      const form = String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(raw)) : undefined;
      requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body: form ?? json });
      if (opts.hang) return;

      if (url.pathname === "/token" && req.method === "POST") {
        if (form?.grant_type !== "urn:ietf:params:oauth:grant-type:jwt-bearer" || !form.assertion) {
          return send(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type: " + (form?.grant_type ?? "") });
        }
        try {
          const { payload } = await jwtVerify(form.assertion, trusted.publicKey, { algorithms: ["RS256"], audience: `${base}/token`, issuer: clientEmail });
          if (typeof payload.scope !== "string" || !payload.scope.includes("https://www.googleapis.com/auth/")) {
            return send(res, 400, { error: "invalid_scope", error_description: "Invalid OAuth scope or ID token audience provided." });
          }
        } catch {
          return send(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
        }
        const token = `ya29.${randomBytes(24).toString("base64url")}`;
        tokens.set(token, { clientEmail, expiresAt: Date.now() + 3_599_000 });
        state.tokensIssued++;
        return send(res, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
      }

      const auth = String(req.headers.authorization ?? "");
      const token = tokens.get(auth.startsWith("Bearer ") ? auth.slice(7) : "");
      if (!token || token.expiresAt < Date.now()) {
        return googleError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.");
      }

      const agent = url.pathname.match(/^\/v2\/projects\/([^/]+)\/agent$/);
      if (agent && req.method === "GET") {
        if (agent[1] !== projectId) return googleError(res, 403, "PERMISSION_DENIED", `IAM permission 'dialogflow.agents.get' on 'projects/${agent[1]}/agent' denied.`);
        return send(res, 200, { parent: `projects/${projectId}`, displayName: "Atendo Bot", defaultLanguageCode: "pt-br", supportedLanguageCodes: ["en", "es"], timeZone: "America/Sao_Paulo", enableLogging: false, matchMode: "MATCH_MODE_HYBRID", classificationThreshold: 0.3, apiVersion: "API_VERSION_V2", tier: "TIER_STANDARD" });
      }

      const detect = url.pathname.match(/^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/);
      if (detect && req.method === "POST") {
        const [, project, session] = detect;
        if (project !== projectId) return googleError(res, 403, "PERMISSION_DENIED", `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${project}/agent' denied.`);
        const text = json?.queryInput?.text;
        const event = json?.queryInput?.event;
        const languageCode: string | undefined = text?.languageCode ?? event?.languageCode;
        if ((!text?.text && !event?.name) || !languageCode) return googleError(res, 400, "INVALID_ARGUMENT", "Invalid query input: text or event with a language code is required.");
        if (text?.text && String(text.text).length > 256) return googleError(res, 400, "INVALID_ARGUMENT", "Input text exceeds 256 characters.");
        const sessionPath = `projects/${project}/agent/sessions/${session}`;
        const history = sessions.get(sessionPath) ?? [];
        sessions.set(sessionPath, history);
        history.push(text?.text ?? `event:${event.name}`);
        const matched = opts.intent?.({ text: text?.text, event: event?.name, languageCode, session: sessionPath }) ?? {
          displayName: event ? "Default Welcome Intent" : "Default Fallback Intent",
          messages: [event ? "Olá! Em que posso ajudar?" : `Você disse: ${text.text}`],
        };
        if ("status" in matched) return send(res, matched.status, matched.body);
        const textMessages = (matched.messages ?? []).map((m) => ({ text: { text: [m] } }));
        return send(res, 200, {
          responseId: `${randomUUID()}-${randomBytes(4).toString("hex")}`,
          queryResult: {
            queryText: text?.text ?? event.name,
            languageCode: languageCode.toLowerCase(),
            action: matched.displayName === "Default Welcome Intent" ? "input.welcome" : "input.unknown",
            parameters: {},
            allRequiredParamsPresent: true,
            fulfillmentText: (matched.messages ?? []).join("\n"),
            fulfillmentMessages: [...textMessages, ...(matched.richMessages ?? [])],
            intent: {
              name: `projects/${projectId}/agent/intents/${randomUUID()}`,
              displayName: matched.displayName,
              ...(matched.endInteraction ? { endInteraction: true } : {}),
              ...(matched.liveAgentHandoff ? { liveAgentHandoff: true } : {}),
            },
            intentDetectionConfidence: 1,
            ...(matched.endConversation ? { diagnosticInfo: { end_conversation: true } } : {}),
          },
        });
      }
      return googleError(res, 404, "NOT_FOUND", `The requested URL ${url.pathname} was not found on this server.`);
    })().catch(() => googleError(res, 500, "INTERNAL", "Internal error encountered."));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    projectId,
    requests,
    sessions,
    get tokensIssued() {
      return state.tokensIssued;
    },
    serviceAccount: (o = {}) => ({
      type: "service_account",
      project_id: o.projectId ?? projectId,
      private_key_id: randomBytes(20).toString("hex"),
      private_key: pem(o.untrusted ? untrusted.privateKey : trusted.privateKey),
      client_email: clientEmail,
      client_id: "1234567890",
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: `${base}/token`,
      auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
      universe_domain: "googleapis.com",
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
