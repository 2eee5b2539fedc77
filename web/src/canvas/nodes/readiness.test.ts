// A card says ready only when its node can run: per kind, what stands in
// the way and the next step, from the node's data and what it is joined to.
import { defaultNodeData, type NodeKind } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { fa } from "../../i18n/fa";
import type { AnyNodeData } from "../model";
import { readinessOf, type ReadinessState } from "./readiness";
import { linkedKinds } from "./useReadiness";

function data(kind: NodeKind, over: Record<string, unknown> = {}): AnyNodeData {
  return { ...defaultNodeData(kind).data, creationStatus: "success", ...over } as AnyNodeData;
}
const joined = (...kinds: NodeKind[]) => new Set<NodeKind>(kinds);
const state = (kind: NodeKind, over: Record<string, unknown> = {}, linked = joined()): ReadinessState =>
  readinessOf(kind, data(kind, over), linked).state;

describe("readinessOf", () => {
  it("follows the creation status first", () => {
    expect(readinessOf("assistant", data("assistant", { creationStatus: "pending" }))).toEqual({ state: "saving" });
    expect(readinessOf("vectorstore", data("vectorstore", { creationStatus: "error" }))).toEqual({ state: "error", next: "retry" });
    expect(readinessOf("testframe", data("testframe", { creationStatus: "error" }))).toEqual({ state: "error" });
    expect(readinessOf("function", data("function", { creationStatus: "pending_assistant" }))).toEqual({
      state: "waiting_assistant",
      next: "connect_assistant",
    });
  });

  it("an assistant waits for its model until the provider knows it", () => {
    expect(readinessOf("assistant", data("assistant", { provider_status: "not_configured" }))).toEqual({
      state: "waiting_model",
      next: "configure_model",
    });
    expect(readinessOf("analyzer", data("analyzer", { provider_status: "pending_registration" }))).toEqual({
      state: "waiting_model",
      next: "retry_registration",
    });
    expect(state("assistant", { provider_status: "registered", assistant_id: "asst_1" })).toBe("ready");
    // An analyzer reads a container's conversations: it needs one joined to it.
    expect(readinessOf("analyzer", data("analyzer", { provider_status: "registered" }))).toEqual({
      state: "needs_setup",
      next: "connect_container",
    });
    expect(state("analyzer", { provider_status: "registered" }, joined("container"))).toBe("ready");
    // A model the provider does not have leaves it in error: the card says it waits for a model.
    expect(readinessOf("assistant", data("assistant", { creationStatus: "error", provider_status: "pending_registration" }))).toEqual({
      state: "waiting_model",
      next: "retry_registration",
    });
  });

  it("a bot needs its token, to be connected to Telegram, then an assistant or analyzer", () => {
    expect(readinessOf("telegram", data("telegram"), joined("assistant"))).toEqual({ state: "needs_setup", next: "enter_bot_token" });
    const unheard = { bot_token: "123:abc", bot_username: "shop_bot" };
    expect(readinessOf("telegram", data("telegram", unheard), joined("assistant"))).toEqual({ state: "not_connected", next: "connect_bot" });
    expect(state("telegram", { ...unheard, listening: "polling" }, joined("assistant"))).toBe("ready");
    const bot = { bot_token: "123:abc", bot_username: "shop_bot", listening: "webhook" as const };
    expect(readinessOf("telegram", data("telegram", bot))).toEqual({ state: "waiting_assistant", next: "connect_assistant" });
    expect(state("telegram", bot, joined("assistant"))).toBe("ready");
    expect(state("telegram", bot, joined("analyzer"))).toBe("ready");
  });

  it("a frame needs an assistant and to be live", () => {
    expect(state("iframe", { isActive: true })).toBe("waiting_assistant");
    expect(readinessOf("iframe", data("iframe", { isActive: false }), joined("assistant"))).toEqual({
      state: "inactive",
      next: "activate_frame",
    });
    expect(state("iframe", { isActive: true }, joined("assistant"))).toBe("ready");
  });

  it("a scheduler needs a request and to be switched on", () => {
    expect(readinessOf("scheduler", data("scheduler", { isActive: true }))).toEqual({ state: "needs_setup", next: "connect_request" });
    expect(readinessOf("scheduler", data("scheduler", { isActive: false }), joined("request"))).toEqual({
      state: "inactive",
      next: "switch_on",
    });
    expect(state("scheduler", { isActive: true }, joined("request"))).toBe("ready");
  });

  it("a trigger needs an assistant and to be switched on", () => {
    expect(readinessOf("trigger", data("trigger", { isActive: true }))).toEqual({ state: "waiting_assistant", next: "connect_assistant" });
    expect(state("trigger", { isActive: false }, joined("assistant"))).toBe("inactive");
    expect(state("trigger", { isActive: true }, joined("assistant"))).toBe("ready");
  });

  it("an SMS node needs the configuration core checks, then an assistant", () => {
    expect(readinessOf("sms", data("sms"), joined("assistant"))).toEqual({ state: "needs_setup", next: "complete_sms" });
    const complete = { apiKey: "a".repeat(48), receptor: "09123456789", sendMethod: "simple", message: "سلام" };
    expect(state("sms", complete)).toBe("waiting_assistant");
    expect(state("sms", complete, joined("assistant"))).toBe("ready");
  });

  it("a WordPress node needs a site, to be on, and an assistant", () => {
    expect(readinessOf("wordpress", data("wordpress"), joined("assistant"))).toEqual({ state: "needs_setup", next: "enter_site" });
    const site = { siteUrl: "https://example.com" };
    expect(state("wordpress", { ...site, isActive: false }, joined("assistant"))).toBe("inactive");
    expect(state("wordpress", { ...site, isActive: true })).toBe("waiting_assistant");
    expect(state("wordpress", { ...site, isActive: true }, joined("assistant"))).toBe("ready");
  });

  it("a request needs an API definition", () => {
    expect(readinessOf("request", data("request"))).toEqual({ state: "needs_setup", next: "connect_api_definition" });
    expect(state("request", { apiDefinitionId: 4 })).toBe("ready");
  });

  it("Google documents need Google's permission", () => {
    for (const kind of ["googledoc", "googlesheet"] as const) {
      expect(readinessOf(kind, data(kind, { auth_status: "pending" }))).toEqual({ state: "needs_authorization", next: "authorize_google" });
      expect(state(kind, { auth_status: "authorized" })).toBe("ready");
    }
  });

  it("kinds with nothing to wait for are ready once saved", () => {
    for (const kind of ["vectorstore", "filedb", "filerepository", "instruction", "apidefinition", "container", "testframe"] as const) {
      expect(state(kind), kind).toBe("ready");
    }
  });

  it("every state and next step has its words", () => {
    for (const s of ["saving", "error", "ready", "waiting_assistant", "waiting_model", "needs_setup", "needs_authorization", "inactive"] as const) {
      expect(fa.canvas.readiness[s]).toBeTruthy();
    }
    expect(fa.canvas.readiness.ready).toBe("آماده");
  });
});

describe("linkedKinds", () => {
  it("reads the kinds at the other end of a node's edges, either way, once each", () => {
    const edges = [
      { id: "a", source: "assistant-1", target: "trigger-2" },
      { id: "b", source: "trigger-2", target: "assistant-3" },
      { id: "c", source: "request-4", target: "trigger-2" },
      { id: "d", source: "assistant-1", target: "sms-5" },
    ];
    expect(linkedKinds(edges, "trigger-2")).toBe("assistant request");
    expect(linkedKinds(edges, "vectorstore-9")).toBe("");
  });
});
