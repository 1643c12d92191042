import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

/** A message the fake server accepted, parsed as a mail client would show it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary failure (451), as a busy server does. */
  failNext(count: number): void;
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A local SMTP server (the `smtp-server` package, the SMTP protocol as RFC 5321 defines it) that accepts every message
 * without TLS or authentication and keeps it in memory, parsed with `mailparser`.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let failures = 0;

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures -= 1;
          const err = Object.assign(new Error("Temporary failure, try again later"), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        void simpleParser(raw).then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            raw,
          };
          received.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    failNext(count) {
      failures = count;
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (mail: ReceivedMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const found = /\b(\d{6})\b/.exec(mail.text);
  if (!found) throw new Error(`no code in mail: ${mail.text}`);
  return found[1]!;
}

/**
 * The fake's mailbox over HTTP, for tests in other processes (the end-to-end tests read it from their workers):
 * `GET /messages?to=<address>` answers the messages received for it, oldest first, as JSON.
 */
export async function serveMailbox(smtp: FakeSmtp): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import("node:http");
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method !== "GET" || url.pathname !== "/messages") {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = smtp.received.filter((m) => !to || m.to.includes(to)).map(({ raw: _raw, ...mail }) => mail);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
