// The contract between the widget's two halves and the server: the session the
// loader asks for, the frame description the chat page is served with, and the
// messages the loader and the chat page post to each other.

export type Appearance = {
  title: string;
  welcome: string;
  color: string; // "#rrggbb"
  position: "bottom-right" | "bottom-left";
  theme: "light" | "dark";
};

/** `POST /api/widget/{key}/session`'s 200 answer. */
export type WidgetSession = {
  visitor: string;
  token: string;
  expires_in: number;
  active: boolean;
  offline_message?: string | null;
  appearance: Appearance;
};

/** The JSON in the chat page's `#dastyar-frame`. */
export type FrameConfig = {
  key: string;
  active: boolean;
  offline_message: string | null;
  appearance: Appearance;
};

export const MSG_CLOSE = "dastyar:close";
export const MSG_RENEW = "dastyar:renew";
export const MSG_TOKEN = "dastyar:token";

/** A visitor id as the server hands it out: 16–64 of `[A-Za-z0-9_-]`. */
export const isVisitor = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const isString = (value: unknown): value is string => typeof value === "string";

export function isAppearance(value: unknown): value is Appearance {
  return (
    isObject(value) &&
    isString(value.title) &&
    isString(value.welcome) &&
    isString(value.color) &&
    /^#[0-9a-fA-F]{6}$/.test(value.color) &&
    (value.position === "bottom-right" || value.position === "bottom-left") &&
    (value.theme === "light" || value.theme === "dark")
  );
}

export function isWidgetSession(value: unknown): value is WidgetSession {
  return (
    isObject(value) &&
    isVisitor(value.visitor) &&
    isString(value.token) &&
    value.token !== "" &&
    typeof value.expires_in === "number" &&
    value.expires_in > 0 &&
    typeof value.active === "boolean" &&
    isAppearance(value.appearance)
  );
}

export function isFrameConfig(value: unknown): value is FrameConfig {
  return (
    isObject(value) &&
    isString(value.key) &&
    value.key !== "" &&
    typeof value.active === "boolean" &&
    (value.offline_message == null || isString(value.offline_message)) &&
    isAppearance(value.appearance)
  );
}

/** The type of a message posted between the loader and the chat page, if it is one of ours. */
export function messageType(data: unknown): string | null {
  return isObject(data) && isString(data.type) && data.type.startsWith("dastyar:") ? data.type : null;
}
