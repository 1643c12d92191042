import { bearer, createCompany, createUser, login, type TestApp } from "../test/helpers.js";
import type { Db } from "../db/client.js";

/** Tests only: a company (plan flags overridable) with a signed-in user. */
export async function filesCompany(app: TestApp, db: Db, planOverrides: Record<string, boolean> = {}) {
  const company = await createCompany(db, {}, planOverrides);
  const user = await createUser(db, company.id);
  const { token } = await login(app, user.email, user.password);
  return { company, user, token, auth: bearer(token) };
}

/** A multipart body with several files in one field and text fields (the list upload form). */
export function multipartFiles(
  files: { name: string; type: string; data: Buffer }[],
  fields: Record<string, string> = {},
  field = "files",
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----atendo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
