import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundFetch, OutboundError } from "./outbound-fetch.js";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/hang") return; // never answers
    if (req.url?.startsWith("/redirect-to/")) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice("/redirect-to/".length)) }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, path: req.url, method: req.method, type: req.headers["content-type"], body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe("outbound fetch: the SSRF guard", () => {
  it("refuses loopback, private, link-local (metadata) and CGNAT literals when not allowed", async () => {
    const guarded = createOutboundFetch({ allowHosts: [] });
    for (const url of [
      `http://127.0.0.1:${port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.1.2.3/",
      "http://192.168.0.10/",
      "http://172.16.5.5/",
      "http://100.100.100.200/",
      "http://[::1]/",
      "http://[fd00:ec2::254]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
    ]) {
      expect((await refusal(guarded(url))).code, url).toBe("blocked");
    }
  });

  it("refuses a name that resolves to a private or loopback address, checked on the connection's own lookup", async () => {
    const guarded = createOutboundFetch({
      allowHosts: [],
      lookup: async (host) => (host === "internal.example" ? [{ address: "10.0.0.5", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]),
    });
    expect((await refusal(guarded("http://internal.example/"))).code).toBe("blocked");
    expect((await refusal(guarded(`http://rebind.example:${port}/`))).code).toBe("blocked");
  });

  it("refuses a name when any of its addresses is not public", async () => {
    const guarded = createOutboundFetch({
      allowHosts: [],
      lookup: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    expect((await refusal(guarded(`http://mixed.example:${port}/`))).code).toBe("blocked");
  });

  it("lets allowed hosts through: by address, by CIDR and by name", async () => {
    for (const allowHosts of [["127.0.0.1"], ["127.0.0.0/8"], ["localhost"]]) {
      const guarded = createOutboundFetch({ allowHosts });
      const host = allowHosts[0] === "localhost" ? "localhost" : "127.0.0.1";
      const res = await guarded(`http://${host}:${port}/hello`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, path: "/hello" });
    }
  });

  it("checks every redirect: an allowed host cannot send the request on to a refused one", async () => {
    const guarded = createOutboundFetch({ allowHosts: ["localhost"], lookup: async (h) => (h === "localhost" ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }]) });
    const ok = await guarded(`http://localhost:${port}/redirect-to/${encodeURIComponent(`http://localhost:${port}/after`)}`);
    expect(await ok.json()).toMatchObject({ path: "/after" });
    const toMetadata = guarded(`http://localhost:${port}/redirect-to/${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`);
    expect((await refusal(toMetadata)).code).toBe("blocked");
    const toPrivateName = guarded(`http://localhost:${port}/redirect-to/${encodeURIComponent("http://intranet.example/")}`);
    expect((await refusal(toPrivateName)).code).toBe("blocked");
  });

  it("sends a FormData body as multipart, as the SDKs' uploads need", async () => {
    const guarded = createOutboundFetch({ allowHosts: ["127.0.0.1"] });
    const form = new FormData();
    form.append("model", "whisper-1");
    form.append("file", new Blob([Buffer.from("OggS-audio")], { type: "audio/ogg" }), "voice.ogg");
    const res = await guarded(`http://127.0.0.1:${port}/upload`, { method: "POST", body: form });
    const echoed = (await res.json()) as { type: string; body: string };
    expect(echoed.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('name="model"');
    expect(echoed.body).toContain("whisper-1");
    expect(echoed.body).toContain('filename="voice.ogg"');
    expect(echoed.body).toContain("OggS-audio");
  });

  it("refuses other protocols", async () => {
    const guarded = createOutboundFetch({ allowHosts: ["127.0.0.1"] });
    expect((await refusal(guarded("file:///etc/passwd"))).code).toBe("blocked");
  });

  it("cuts off a service that does not answer at the timeout", async () => {
    const guarded = createOutboundFetch({ allowHosts: ["127.0.0.1"] });
    const err = await refusal(guarded(`http://127.0.0.1:${port}/hang`, { timeoutMs: 200 }));
    expect(err.code).toBe("timeout");
  });

  it("reports a refused connection as a network error", async () => {
    const guarded = createOutboundFetch({ allowHosts: ["127.0.0.1"] });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await refusal(guarded(`http://127.0.0.1:${closedPort}/`))).code).toBe("network");
  });
});
