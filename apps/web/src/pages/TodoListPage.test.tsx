import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { AppRoutes } from "../routes/AppRoutes.js";
import { fakeApi } from "../test/fake-api.js";
import { makeUser } from "../test/fixtures.js";
import { renderApp } from "../test/render.js";

function signIn() {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  fakeApi({ "GET /auth/me": { status: 200, data: makeUser() } });
}
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.tasks) ?? "null") as { text: string; createdAt: string; updatedAt: string; done: boolean }[];
const texts = () => screen.queryAllByTestId("todo-text").map((el) => el.textContent);

describe("TodoListPage", { timeout: 20_000 }, () => {
  it("adds, edits, ticks and deletes tasks, kept under 'tasks' across a reload", async () => {
    signIn();
    const first = renderApp(<AppRoutes />, "/todolist");
    const input = await screen.findByTestId("todo-input");
    fireEvent.change(input, { target: { value: "  Ligar para o cliente " } });
    fireEvent.click(screen.getByTestId("todo-save"));
    fireEvent.change(input, { target: { value: "Enviar proposta" } });
    fireEvent.click(screen.getByTestId("todo-save"));
    expect(texts()).toEqual(["Ligar para o cliente", "Enviar proposta"]);
    const [added] = stored();
    expect(added).toMatchObject({ text: "Ligar para o cliente", done: false });
    expect(added!.createdAt).toBe(added!.updatedAt);
    expect(Number.isNaN(Date.parse(added!.createdAt))).toBe(false);

    fireEvent.click(screen.getByTestId("todo-edit-1"));
    expect((input as HTMLInputElement).value).toBe("Enviar proposta");
    fireEvent.change(input, { target: { value: "Enviar proposta revisada" } });
    fireEvent.click(screen.getByTestId("todo-save"));
    fireEvent.click(screen.getByTestId("todo-done-0"));
    await waitFor(() => expect(stored().map((t) => [t.text, t.done])).toEqual([["Ligar para o cliente", true], ["Enviar proposta revisada", false]]));

    // A whitespace-only task is not added.
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input.closest("form")!);
    expect(stored()).toHaveLength(2);

    first.unmount();
    renderApp(<AppRoutes />, "/todolist");
    await screen.findByTestId("todo-list");
    expect(texts()).toEqual(["Ligar para o cliente", "Enviar proposta revisada"]);
    expect((screen.getByTestId("todo-done-0") as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByTestId("todo-item-0")).getByText(/Criada em/)).toBeTruthy();
    fireEvent.click(screen.getByTestId("todo-delete-0"));
    expect(texts()).toEqual(["Enviar proposta revisada"]);
    expect(stored().map((t) => t.text)).toEqual(["Enviar proposta revisada"]);
  });

  it("reads tasks stored without the done flag, and ignores an unreadable value", async () => {
    localStorage.setItem(STORAGE_KEYS.tasks, JSON.stringify([{ text: "Antiga", createdAt: "2026-01-01T10:00:00.000Z", updatedAt: "2026-01-02T10:00:00.000Z" }]));
    signIn();
    const view = renderApp(<AppRoutes />, "/todolist");
    expect(await screen.findByText("Antiga")).toBeTruthy();
    expect((screen.getByTestId("todo-done-0") as HTMLInputElement).checked).toBe(false);
    view.unmount();
    localStorage.setItem(STORAGE_KEYS.tasks, "{broken");
    renderApp(<AppRoutes />, "/todolist");
    expect(await screen.findByTestId("todo-input")).toBeTruthy();
    expect(texts()).toEqual([]);
  });
});
