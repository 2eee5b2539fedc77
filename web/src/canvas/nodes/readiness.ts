// Whether a node is ready to run, and if not what stands in the way and
// what to do next: one place for the card's badge and the panel's first
// line. A card says «آماده» only when nothing is missing. Read from the
// node's own data (its settings and the server's fields) and the kinds it
// is joined to; the rules' own checks (SMS configuration) come from core.
import { smsConfigProblems, type NodeKind } from "@dastyar/rules";
import type { AnyNodeData, DataOf } from "../model";

export type ReadinessState =
  | "saving"
  | "error"
  | "ready"
  /** Nothing runs it until an assistant is joined to it. */
  | "waiting_assistant"
  /** An assistant the model provider does not know yet. */
  | "waiting_model"
  /** A setting it cannot work without is empty. */
  | "needs_setup"
  /** Google has not been allowed to read the document. */
  | "needs_authorization"
  /** Switched off. */
  | "inactive"
  /** A bot the server does not hear: not connected to Telegram (or disconnected). */
  | "not_connected";

/** What the person can do about it; each has its sentence in the catalogue. */
export type NextStep =
  | "retry"
  | "connect_assistant"
  | "configure_model"
  | "retry_registration"
  | "enter_bot_token"
  | "connect_bot"
  | "activate_frame"
  | "switch_on"
  | "connect_request"
  | "connect_container"
  | "complete_sms"
  | "enter_site"
  | "connect_api_definition"
  | "authorize_google";

export type Readiness = { state: ReadinessState; next?: NextStep };

/** The kinds whose readiness depends on what they are joined to (only these follow the edges). */
export const LINKED_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  "analyzer",
  "telegram",
  "iframe",
  "scheduler",
  "trigger",
  "sms",
  "wordpress",
]);

const READY: Readiness = { state: "ready" };

/** Node `kind` with `data`, joined (either way) to nodes of kinds `linked`. */
export function readinessOf(kind: NodeKind, data: AnyNodeData, linked: ReadonlySet<NodeKind> = new Set()): Readiness {
  // The provider refused the assistant (a model it does not have): it waits for a model, not for a plain retry.
  const unregistered =
    (kind === "assistant" || kind === "analyzer") &&
    (data as DataOf<"assistant">).provider_status === "pending_registration";
  switch (data.creationStatus) {
    case "pending":
      return { state: "saving" };
    case "error":
      if (unregistered) return { state: "waiting_model", next: "retry_registration" };
      return kind === "testframe" ? { state: "error" } : { state: "error", next: "retry" };
    case "pending_assistant":
      return { state: "waiting_assistant", next: "connect_assistant" };
    case "success":
      break;
  }
  const assistant = linked.has("assistant");
  switch (kind) {
    case "assistant":
    case "analyzer": {
      const d = data as DataOf<"assistant">;
      if (d.provider_status === "not_configured") return { state: "waiting_model", next: "configure_model" };
      if (d.provider_status === "pending_registration") return { state: "waiting_model", next: "retry_registration" };
      // An analyzer reads the conversations of the container joined to it.
      if (kind === "analyzer" && !linked.has("container")) return { state: "needs_setup", next: "connect_container" };
      return READY;
    }
    case "telegram": {
      const d = data as DataOf<"telegram">;
      if (!d.bot_token.trim() || !d.bot_username.trim()) return { state: "needs_setup", next: "enter_bot_token" };
      if (!d.listening) return { state: "not_connected", next: "connect_bot" };
      if (!assistant && !linked.has("analyzer")) return { state: "waiting_assistant", next: "connect_assistant" };
      return READY;
    }
    case "iframe": {
      const d = data as DataOf<"iframe">;
      if (!assistant) return { state: "waiting_assistant", next: "connect_assistant" };
      if (!d.isActive) return { state: "inactive", next: "activate_frame" };
      return READY;
    }
    case "scheduler": {
      const d = data as DataOf<"scheduler">;
      if (!linked.has("request")) return { state: "needs_setup", next: "connect_request" };
      if (!d.isActive) return { state: "inactive", next: "switch_on" };
      return READY;
    }
    case "trigger": {
      const d = data as DataOf<"trigger">;
      if (!assistant) return { state: "waiting_assistant", next: "connect_assistant" };
      if (!d.isActive) return { state: "inactive", next: "switch_on" };
      return READY;
    }
    case "sms": {
      const d = data as DataOf<"sms">;
      if (smsConfigProblems(d).length > 0) return { state: "needs_setup", next: "complete_sms" };
      if (!assistant) return { state: "waiting_assistant", next: "connect_assistant" };
      return READY;
    }
    case "wordpress": {
      const d = data as DataOf<"wordpress">;
      if (!d.siteUrl.trim()) return { state: "needs_setup", next: "enter_site" };
      if (!d.isActive) return { state: "inactive", next: "switch_on" };
      if (!assistant) return { state: "waiting_assistant", next: "connect_assistant" };
      return READY;
    }
    case "request": {
      const d = data as DataOf<"request">;
      if (d.apiDefinitionId == null) return { state: "needs_setup", next: "connect_api_definition" };
      return READY;
    }
    case "googledoc":
    case "googlesheet": {
      const d = data as DataOf<"googledoc">;
      if (d.auth_status !== "authorized") return { state: "needs_authorization", next: "authorize_google" };
      return READY;
    }
    default:
      return READY;
  }
}
