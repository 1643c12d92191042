import { bearer, createCompany, createUser, login, type TestApp } from "../test/helpers.js";
import type { Database } from "../db/client.js";

export interface Member {
  user: { id: number; name: string; email: string };
  token: string;
}

/** A company (with the internal chat flag unless told otherwise) and a way to sign in new users of it. */
export async function chatCompany(app: TestApp, database: Database, planOverrides: { useInternalChat?: boolean } = {}) {
  const company = await createCompany(database.db, {}, planOverrides);
  const member = async (profile: "user" | "admin" = "user"): Promise<Member> => {
    const user = await createUser(database.db, company.id, { profile });
    return { user, token: (await login(app, user.email, user.password)).token };
  };
  return { company, member };
}

export function chatApi(app: TestApp) {
  return {
    create: (token: string, payload: unknown) => app.inject({ method: "POST", url: "/chats", headers: bearer(token), payload: payload as object }),
    update: (token: string, id: number, payload: unknown) =>
      app.inject({ method: "PUT", url: `/chats/${id}`, headers: bearer(token), payload: payload as object }),
    remove: (token: string, id: number) => app.inject({ method: "DELETE", url: `/chats/${id}`, headers: bearer(token) }),
    list: (token: string, query = "") => app.inject({ method: "GET", url: `/chats${query}`, headers: bearer(token) }),
    messages: (token: string, id: number, pageNumber = 1) =>
      app.inject({ method: "GET", url: `/chats/${id}/messages?pageNumber=${pageNumber}`, headers: bearer(token) }),
    send: (token: string, id: number, message: unknown) =>
      app.inject({ method: "POST", url: `/chats/${id}/messages`, headers: bearer(token), payload: { message } as object }),
    read: (token: string, id: number, userId?: number) =>
      app.inject({ method: "POST", url: `/chats/${id}/read`, headers: bearer(token), payload: userId ? { userId } : {} }),
  };
}
