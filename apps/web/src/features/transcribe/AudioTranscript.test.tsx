import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { AudioTranscript } from "./AudioTranscript.js";
import { makeMessage } from "../../test/ticket-fixtures.js";
import { fakeApi } from "../../test/fake-api.js";
import { renderApp } from "../../test/render.js";

const audio = (overrides: Parameters<typeof makeMessage>[0]) => makeMessage({ id: 9, mediaType: "audio", mimetype: "audio/ogg", mediaStatus: "ready", body: "", ...overrides });

describe("AudioTranscript", () => {
  it("shows the transcript under the audio", () => {
    renderApp(<AudioTranscript message={audio({ transcriptStatus: "done", transcript: "Quero saber o horário." })} />);
    expect(screen.getByTestId("message-transcript-9").textContent).toContain("Quero saber o horário.");
  });

  it("shows the transcription running", () => {
    renderApp(<AudioTranscript message={audio({ transcriptStatus: "pending" })} />);
    expect(screen.getByText("Transcrevendo…")).toBeTruthy();
  });

  it("shows a failure with a retry action", async () => {
    const api = fakeApi({ "POST /messages/9/transcribe": { status: 200, data: audio({ transcriptStatus: "pending" }) } });
    renderApp(<AudioTranscript message={audio({ transcriptStatus: "failed", transcriptError: "deepgram: HTTP 401" })} />);
    expect(screen.getByText("Falha na transcrição")).toBeTruthy();
    fireEvent.click(screen.getByTestId("message-transcript-retry-9"));
    await waitFor(() => expect(api.requests).toContain("POST /messages/9/transcribe"));
  });

  it("shows nothing when no transcription was asked for", () => {
    renderApp(<AudioTranscript message={audio({})} />);
    expect(screen.queryByTestId("message-transcript-9")).toBeNull();
  });
});
