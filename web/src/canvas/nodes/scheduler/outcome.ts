// What a run did, read out of the history's free-form `outcome`: a trigger's
// message, the assistant's answer and where the answer went; a scheduler's
// request with its status, output and time. Anything else reads as nothing.
import { fa } from "../../../i18n/fa";

const t = fa.nodes.scheduler.runs;

/** Where an answer can go: an SMS node or a Telegram bot's owner, both joined to the assistant. */
export type DeliveryChannel = "sms" | "telegram";

/** One answer sent out through a node joined to the assistant. */
export type Delivery = { channel: DeliveryChannel; nodeId: number; sent: boolean; error: string | null };

export type TriggerOutcome = {
  kind: "trigger";
  message: string | null;
  answer: string | null;
  deliveries: Delivery[];
};

export type RequestOutcomeView = {
  kind: "request";
  ok: boolean;
  status: number | null;
  /** The service's answer as the model would see it, as indented JSON (or its text). */
  output: string | null;
  error: string | null;
  durationMs: number | null;
};

export type Outcome = TriggerOutcome | RequestOutcomeView | { kind: "none" };

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const number = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function shown(output: unknown): string | null {
  if (output === undefined || output === null) return null;
  return typeof output === "string" ? output : JSON.stringify(output, null, 2);
}

function deliveryOf(value: unknown): Delivery[] {
  if (!isObject(value)) return [];
  const nodeId = number(value.node_id);
  if (nodeId === null) return [];
  const channel: DeliveryChannel = value.channel === "sms" ? "sms" : "telegram";
  return [{ channel, nodeId, sent: value.sent === true, error: text(value.error) }];
}

/** The run's `outcome` as the history shows it. */
export function outcomeOf(outcome: unknown): Outcome {
  if (!isObject(outcome)) return { kind: "none" };
  if (isObject(outcome.request)) {
    const request = outcome.request;
    return {
      kind: "request",
      ok: request.ok === true,
      status: number(request.status),
      output: shown(request.output),
      error: text(request.error),
      durationMs: number(request.duration_ms),
    };
  }
  if ("message" in outcome || "answer" in outcome) {
    const deliveries = Array.isArray(outcome.deliveries) ? outcome.deliveries.flatMap(deliveryOf) : [];
    return { kind: "trigger", message: text(outcome.message), answer: text(outcome.answer), deliveries };
  }
  return { kind: "none" };
}

/** One line for a folded run: how far the answer went, or the request's status and time; null when there is nothing to say. */
export function outcomeSummary(outcome: Outcome): string | null {
  switch (outcome.kind) {
    case "trigger": {
      if (outcome.deliveries.length === 0) return null;
      const sent = outcome.deliveries.filter((d) => d.sent).length;
      return fa.nodes.trigger.outcome.delivered(sent, outcome.deliveries.length);
    }
    case "request": {
      const status = outcome.status === null ? t.request.noStatus : t.request.httpStatus(outcome.status);
      return outcome.durationMs === null ? status : t.request.summary(status, t.request.duration(outcome.durationMs));
    }
    case "none":
      return null;
  }
}
