import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Tests only: an S3-compatible server in the process (path-style: /bucket/key) with PUT, GET, HEAD and DELETE of
 * objects, and ListObjectsV2 of a prefix (one page), enough for the storage. Signatures are not checked; `objects`
 * shows what was stored.
 */
export async function startFakeS3(): Promise<{ endpoint: string; objects: Map<string, Buffer>; close(): Promise<void> }> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const [rawPath, rawQuery] = (req.url ?? "/").split("?");
    const key = decodeURIComponent(rawPath!.slice(1));
    const query = new URLSearchParams(rawQuery ?? "");
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const notFound = () => {
        res.writeHead(404, { "content-type": "application/xml" });
        res.end(req.method === "HEAD" ? undefined : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      };
      if (req.method === "GET" && query.get("list-type") === "2") {
        // Path style: the key is the bucket; list its objects under the prefix.
        const bucket = key.replace(/\/$/, "");
        const prefix = `${bucket}/${query.get("prefix") ?? ""}`;
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(bucket.length + 1));
        const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        res.writeHead(200, { "content-type": "application/xml" });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escape(bucket)}</Name>` +
            `<Prefix>${escape(query.get("prefix") ?? "")}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>` +
            keys.map((k) => `<Contents><Key>${escape(k)}</Key><Size>${objects.get(`${bucket}/${k}`)!.length}</Size></Contents>`).join("") +
            `</ListBucketResult>`,
        );
      }
      if (req.method === "PUT") {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"fake"' });
        return res.end();
      }
      const found = objects.get(key);
      if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (!found) return notFound();
      res.writeHead(200, { "content-length": String(found.length), "content-type": "application/octet-stream", etag: '"fake"' });
      res.end(req.method === "HEAD" ? undefined : found);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, objects, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
