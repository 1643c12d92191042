import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AxiosHeaders, type AxiosAdapter } from "axios";
import { STORAGE_KEYS, type QuickMessageView, type SessionUser, type TicketView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { fakeApi, type Reply } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { makeMessage, makeTicket } from "../../test/ticket-fixtures.js";
import { renderApp } from "../../test/render.js";
import { conversation } from "./conversation-store.js";
import { MessageInput } from "./MessageInput.js";

const agent = makeUser({ id: 7, name: "Ana Souza", profile: "user" });
const mine = makeTicket({ id: 1, status: "open", userId: 7, user: { id: 7, name: "Ana Souza" } });

function quick(id: number, shortcode: string, message: string, extra: Partial<QuickMessageView> = {}): QuickMessageView {
  return {
    id,
    shortcode,
    message,
    geral: false,
    isMedia: false,
    mediaPath: null,
    mediaName: null,
    companyId: 3,
    userId: 7,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...extra,
  };
}

function setup(ticket: TicketView = mine, user: SessionUser = agent, routes: Record<string, Reply> = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  const calls = fakeApi({
    "GET /auth/me": { status: 200, data: user },
    [`POST /messages/${ticket.id}`]: { status: 201, data: { ids: [50] } },
    [`POST /messages/${ticket.id}/presence`]: { status: 200, data: { sent: true } },
    ...routes,
  });
  renderApp(<MessageInput ticket={ticket} />);
  return calls;
}

const input = () => screen.getByTestId("composer-input") as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const enter = (shiftKey = false) => fireEvent.keyDown(input(), { key: "Enter", shiftKey });
const sends = (calls: { requests: string[] }) => calls.requests.filter((r) => r === "POST /messages/1");
const bodyOf = (calls: { requests: string[]; bodies: unknown[] }, index = 0) =>
  calls.bodies.filter((_body, i) => calls.requests[i] === "POST /messages/1")[index];

beforeEach(() => conversation.open(null));

describe("MessageInput", () => {
  it("never sends empty or whitespace-only text; Shift+Enter is a new line, Enter sends", async () => {
    localStorage.setItem(STORAGE_KEYS.signMessage, "false");
    const calls = setup();
    await screen.findByTestId("composer");
    enter();
    type("   \n  ");
    enter();
    expect((screen.getByTestId("composer-send") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("composer-send"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sends(calls)).toEqual([]);

    type("Olá");
    enter(true);
    expect(sends(calls)).toEqual([]);
    enter();
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(bodyOf(calls)).toEqual({ body: "Olá" });
    await waitFor(() => expect(input().value).toBe(""));
    // Typing told the customer once (throttled), and sending paused it.
    expect(calls.requests.filter((r) => r === "POST /messages/1/presence")).toHaveLength(2);
  });

  it("signs with the agent's name in bold by default and remembers turning it off", async () => {
    const calls = setup();
    await screen.findByTestId("composer");
    expect((screen.getByTestId("composer-sign") as HTMLInputElement).checked).toBe(true);
    type("Bom dia");
    enter();
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(bodyOf(calls)).toEqual({ body: "*Ana Souza*:\nBom dia" });

    fireEvent.click(screen.getByTestId("composer-sign"));
    expect(localStorage.getItem(STORAGE_KEYS.signMessage)).toBe("false");
    await waitFor(() => expect(input().value).toBe(""));
    type("Sem assinatura");
    enter();
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    expect(bodyOf(calls, 1)).toEqual({ body: "Sem assinatura" });
  });

  it("shows the reply target, sends it as quotedMsg and clears it afterwards; cancel drops it", async () => {
    localStorage.setItem(STORAGE_KEYS.signMessage, "false");
    conversation.open(1);
    conversation.replyTo(makeMessage({ id: 33, ticketId: 1, body: "Qual o prazo?", contact: { id: 101, name: "Cliente 1" } }));
    const calls = setup();
    const reply = await screen.findByTestId("composer-reply");
    expect(reply.textContent).toContain("Qual o prazo?");
    expect(reply.textContent).toContain("Cliente 1");
    type("Amanhã");
    enter();
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(bodyOf(calls)).toEqual({ body: "Amanhã", quotedMsg: { id: 33 } });
    await waitFor(() => expect(screen.queryByTestId("composer-reply")).toBeNull());

    act(() => conversation.replyTo(makeMessage({ id: 34, ticketId: 1, body: "Outra" })));
    fireEvent.click(await screen.findByTestId("composer-reply-cancel"));
    expect(screen.queryByTestId("composer-reply")).toBeNull();
    type("Sem citação");
    enter();
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    expect(bodyOf(calls, 1)).toEqual({ body: "Sem citação" });
  });

  it("suggests quick answers from '/' plus a character, labels cut at 35, and fills the chosen one", async () => {
    localStorage.setItem(STORAGE_KEYS.signMessage, "false");
    const long = "Nosso horário é de segunda a sexta, das 8h às 18h, e sábado até meio-dia.";
    const calls = setup(mine, agent, {
      "GET /quick-messages/list": {
        status: 200,
        data: [quick(1, "horario", long), quick(2, "pix", "Chave PIX: 123"), quick(3, "oi", "Olá!")],
      },
    });
    await screen.findByTestId("composer");
    type("/");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("quick-answers")).toBeNull();
    expect(calls.requests).not.toContain("GET /quick-messages/list");

    type("/h");
    const option = await screen.findByTestId("quick-answer-option-1");
    expect(option.textContent).toBe(`/horario - ${long.slice(0, 35)}...`);
    expect(screen.queryByTestId("quick-answer-option-2")).toBeNull();
    type("/p");
    expect((await screen.findByTestId("quick-answer-option-2")).textContent).toBe("/pix - Chave PIX: 123");
    fireEvent.click(screen.getByTestId("quick-answer-option-2"));
    expect(input().value).toBe("Chave PIX: 123");
    expect(screen.queryByTestId("quick-answers")).toBeNull();
    enter();
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(bodyOf(calls)).toEqual({ body: "Chave PIX: 123" });
  });

  it("a quick answer with a file attaches it (fetched from the server)", async () => {
    localStorage.setItem(STORAGE_KEYS.signMessage, "false");
    setup(mine, agent, {
      "GET /quick-messages/list": { status: 200, data: [quick(4, "tabela", "Segue a tabela", { mediaName: "tabela.pdf", mediaPath: "1/quick/x.pdf" })] },
      "GET /quick-messages/4/media": { status: 200, data: new Blob(["%PDF-1.4"], { type: "application/pdf" }) },
    });
    await screen.findByTestId("composer");
    type("/tab");
    fireEvent.click(await screen.findByTestId("quick-answer-option-4"));
    expect(input().value).toBe("Segue a tabela");
    expect(await within(await screen.findByTestId("composer-attachments")).findByText("tabela.pdf")).toBeTruthy();
  });

  it("sends attachments as multipart with the caption and shows the upload progress", async () => {
    localStorage.setItem(STORAGE_KEYS.signMessage, "false");
    setup();
    await screen.findByTestId("composer");
    // A transport that reports half the upload and answers when the test says so.
    let finish: () => void = () => undefined;
    let sent: FormData | undefined;
    const adapter: AxiosAdapter = (config) =>
      new Promise((resolve) => {
        sent = config.data as FormData;
        config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
        finish = () => resolve({ data: { ids: [51, 52] }, status: 201, statusText: "", headers: new AxiosHeaders(), config });
      });
    api.defaults.adapter = adapter;

    const pdf = new File(["%PDF-1.4"], "orcamento.pdf", { type: "application/pdf" });
    const csv = new File(["a,b"], "lista.csv", { type: "text/csv" });
    fireEvent.change(screen.getByTestId("composer-attach"), { target: { files: [pdf, csv] } });
    expect(screen.getByTestId("composer-attachments").textContent).toContain("orcamento.pdf");
    fireEvent.click(screen.getByTestId("composer-attachment-remove-1"));
    expect(screen.getByTestId("composer-attachments").textContent).not.toContain("lista.csv");
    type("Segue o orçamento");
    fireEvent.click(screen.getByTestId("composer-send"));

    const progress = await screen.findByTestId("composer-upload-progress");
    await waitFor(() => expect(progress.getAttribute("aria-valuenow")).toBe("50"));
    expect(sent?.get("body")).toBe("Segue o orçamento");
    expect(sent?.getAll("medias").map((f) => (f as File).name)).toEqual(["orcamento.pdf"]);
    act(() => finish());
    await waitFor(() => expect(screen.queryByTestId("composer-upload-progress")).toBeNull());
    expect(screen.queryByTestId("composer-attachments")).toBeNull();
  });

  it("takes a pasted file as an attachment", async () => {
    setup();
    await screen.findByTestId("composer");
    const pdf = new File(["%PDF-1.4"], "colado.pdf", { type: "application/pdf" });
    fireEvent.paste(input(), { clipboardData: { files: [pdf] } });
    expect(screen.getByTestId("composer-attachments").textContent).toContain("colado.pdf");
  });

  describe("voice recording", () => {
    let size = 0;
    class FakeRecorder {
      static isTypeSupported = () => true;
      state = "inactive";
      mimeType = "audio/webm;codecs=opus";
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = "recording";
      }
      stop() {
        this.state = "inactive";
        this.ondataavailable?.({ data: new Blob([new Uint8Array(size)], { type: this.mimeType }) });
        this.onstop?.();
      }
    }
    const track = { stop: vi.fn() };

    beforeEach(() => {
      vi.stubGlobal("MediaRecorder", FakeRecorder);
      Object.defineProperty(navigator, "mediaDevices", {
        configurable: true,
        value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it("discards a recording under AUDIO_MIN_BYTES with a notice", async () => {
      size = 9_999;
      const calls = setup();
      fireEvent.click(await screen.findByTestId("composer-record"));
      fireEvent.click(await screen.findByTestId("composer-record-send"));
      expect(await screen.findByText("Áudio muito curto: a gravação foi descartada.")).toBeTruthy();
      expect(sends(calls)).toEqual([]);
      expect(track.stop).toHaveBeenCalled();
      expect(calls.bodies.filter((_b, i) => calls.requests[i] === "POST /messages/1/presence")).toEqual([
        { presence: "recording" },
        { presence: "paused" },
      ]);
    });

    it("sends a long enough recording as a voice note; cancel sends nothing", async () => {
      size = 20_000;
      const calls = setup();
      fireEvent.click(await screen.findByTestId("composer-record"));
      fireEvent.click(await screen.findByTestId("composer-record-cancel"));
      await screen.findByTestId("composer-input");
      expect(sends(calls)).toEqual([]);

      fireEvent.click(screen.getByTestId("composer-record"));
      fireEvent.click(await screen.findByTestId("composer-record-send"));
      await waitFor(() => expect(sends(calls)).toHaveLength(1));
      const form = bodyOf(calls) as FormData;
      expect(form.get("voice")).toBe("true");
      const file = form.get("medias") as File;
      expect(file.size).toBe(20_000);
      expect(file.type).toBe("audio/webm;codecs=opus");
    });
  });

  it("offers reopen instead of the composer on a closed ticket", async () => {
    setup(makeTicket({ id: 1, status: "closed", userId: 7 }));
    expect((await screen.findByTestId("composer-notice")).getAttribute("data-status")).toBe("closed");
    expect(screen.getByTestId("composer-reopen")).toBeTruthy();
    expect(screen.queryByTestId("composer-input")).toBeNull();
  });

  it("keeps another agent's ticket read-only for a user", async () => {
    const theirs = makeTicket({ id: 1, status: "open", userId: 9, user: { id: 9, name: "Bruno" } });
    setup(theirs);
    expect((await screen.findByTestId("composer-notice")).textContent).toContain("outro atendente");
  });

  it("lets an admin write in another agent's ticket", async () => {
    const theirs = makeTicket({ id: 1, status: "open", userId: 9, user: { id: 9, name: "Bruno" } });
    setup(theirs, makeUser({ id: 1, profile: "admin" }));
    expect(await screen.findByTestId("composer-input")).toBeTruthy();
  });

  it("shows accept on a pending ticket", async () => {
    setup(makeTicket({ id: 1, status: "pending" }));
    expect(await screen.findByTestId("composer-accept")).toBeTruthy();
    expect(screen.queryByTestId("composer-input")).toBeNull();
  });
});
