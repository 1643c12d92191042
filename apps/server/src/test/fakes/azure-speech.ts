import { createServer, type IncomingMessage, type Server } from "node:http";

/**
 * A local Azure AI Speech text-to-speech endpoint, in the shape of its REST API
 * (`POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1`): SSML body (`application/ssml+xml`), the
 * resource key in `Ocp-Apim-Subscription-Key`, the audio format in `X-Microsoft-OutputFormat`; 200 with the audio
 * bytes, 401 for a wrong key, 400 for SSML without a voice, 415 for another content type.
 * The region is the first path segment here: use `urlTemplate` (`http://127.0.0.1:port/{region}/cognitiveservices/v1`)
 * as AZURE_SPEECH_URL.
 */
export interface FakeSpeechRequest {
  region: string;
  headers: IncomingMessage["headers"];
  ssml: string;
  /** The `name` of the SSML's voice element. */
  voice: string | null;
  /** The spoken text (the voice element's content, entities decoded). */
  text: string;
}

export interface FakeAzureSpeech {
  urlTemplate: string;
  requests: FakeSpeechRequest[];
  close(): Promise<void>;
}

const OUTPUT_TYPES: Record<string, string> = {
  "ogg-24khz-16bit-mono-opus": "audio/ogg",
  "ogg-16khz-16bit-mono-opus": "audio/ogg",
  "ogg-48khz-16bit-mono-opus": "audio/ogg",
  "audio-24khz-48kbitrate-mono-mp3": "audio/mpeg",
  "riff-24khz-16bit-mono-pcm": "audio/wav",
};

const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

export async function startFakeAzureSpeech(opts: { key?: string; fail?: number } = {}): Promise<FakeAzureSpeech> {
  const requests: FakeSpeechRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const ssml = Buffer.concat(chunks).toString("utf8");
      const match = (req.url ?? "").match(/^\/([a-z0-9]+)\/cognitiveservices\/v1$/);
      if (req.method !== "POST" || !match) {
        res.writeHead(404).end();
        return;
      }
      const voiceMatch = ssml.match(/<voice[^>]*\sname=['"]([^'"]+)['"][^>]*>([\s\S]*?)<\/voice>/);
      requests.push({ region: match[1]!, headers: req.headers, ssml, voice: voiceMatch?.[1] ?? null, text: decode(voiceMatch?.[2] ?? "") });
      if (opts.fail) return void res.writeHead(opts.fail).end();
      if (!req.headers["ocp-apim-subscription-key"] || (opts.key !== undefined && req.headers["ocp-apim-subscription-key"] !== opts.key)) {
        return void res.writeHead(401).end();
      }
      if (!String(req.headers["content-type"] ?? "").startsWith("application/ssml+xml")) return void res.writeHead(415).end();
      const type = OUTPUT_TYPES[String(req.headers["x-microsoft-outputformat"] ?? "")];
      if (!type || !voiceMatch) return void res.writeHead(400).end();
      res.writeHead(200, { "content-type": type });
      res.end(Buffer.concat([Buffer.from("OggS"), Buffer.from(decode(voiceMatch[2]!), "utf8")]));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{region}/cognitiveservices/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
