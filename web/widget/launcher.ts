// The loader's work on the customer's page: find its own script tag, ask our
// server for a session (which only answers pages on the frame's authorised
// domains), and only then draw the launcher button and, on first open, the
// chat page's iframe. Any failure leaves the page untouched.

import { textOn } from "./color";
import { loaderText } from "./i18n";
import { CHAT, CLOSE, icon } from "./icons";
import { isVisitor, isWidgetSession, messageType, MSG_CLOSE, MSG_RENEW, MSG_TOKEN, type WidgetSession } from "./protocol";

/** What the embed line says: the frame's key and our server's origin. */
export type Embed = { key: string; base: string };

/** The embed line's script element. */
export function findScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current && current.tagName === "SCRIPT" && current.hasAttribute("data-frame")) return current as HTMLScriptElement;
  return doc.querySelector<HTMLScriptElement>('script[data-frame][src*="/widget/widget.js"]');
}

/** The key and origin from the script element, or null if it lacks either. */
export function readEmbed(script: HTMLScriptElement | null): Embed | null {
  const key = script?.getAttribute("data-frame")?.trim();
  if (!script || !key) return null;
  try {
    const { origin, protocol } = new URL(script.src);
    return protocol === "https:" || protocol === "http:" ? { key, base: origin } : null;
  } catch {
    return null;
  }
}

const visitorKey = (key: string) => `dastyar:${key}:visitor`;

/** The stored visitor id, if there is a valid one and storage can be read. */
export function readVisitor(win: Window, key: string): string | null {
  try {
    const value = win.localStorage.getItem(visitorKey(key));
    return isVisitor(value) ? value : null;
  } catch {
    return null; // storage refused (privacy modes, sandboxing)
  }
}

export function saveVisitor(win: Window, key: string, visitor: string): void {
  try {
    win.localStorage.setItem(visitorKey(key), visitor);
  } catch {
    // Without storage the visitor is new on each page; the widget still works.
  }
}

/** `POST /api/widget/{key}/session`; null on any failure (refused origin, network, bad answer). */
export async function requestSession(
  fetcher: typeof fetch,
  embed: Embed,
  visitor: string | null,
): Promise<WidgetSession | null> {
  try {
    const response = await fetcher(`${embed.base}/api/widget/${encodeURIComponent(embed.key)}/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ visitor }),
      credentials: "omit",
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isWidgetSession(body) ? body : null;
  } catch {
    return null;
  }
}

/** What a message event from the chat page asks for, or null if it is not from our iframe. */
export function frameRequest(
  event: Pick<MessageEvent, "origin" | "source" | "data">,
  base: string,
  frame: Window | null | undefined,
): "close" | "renew" | null {
  if (!frame || event.origin !== base || event.source !== frame) return null;
  const type = messageType(event.data);
  return type === MSG_CLOSE ? "close" : type === MSG_RENEW ? "renew" : null;
}

const STYLE = `:host{all:initial}
.b{position:fixed;bottom:20px;z-index:2147483647;width:56px;height:56px;margin:0;padding:0;border:0;border-radius:50%;cursor:pointer;display:flex;align-items:center;justify-content:center;box-shadow:0 4px 16px rgba(0,0,0,.25)}
.b:focus-visible{outline:3px solid currentColor;outline-offset:3px}
.b svg{width:28px;height:28px;fill:currentColor}
.b[aria-expanded=true] .c,.b[aria-expanded=false] .x{display:none}
.r{right:20px}.l{left:20px}
.p{position:fixed;bottom:88px;z-index:2147483647;width:380px;height:600px;max-width:calc(100vw - 40px);max-height:calc(100vh - 108px);border-radius:12px;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.3);background:#fff}
.d{background:#17181c}
.p[hidden]{display:none}
iframe{display:block;width:100%;height:100%;border:0}
@media (max-width:480px){.p{inset:0;width:100%;height:100%;max-width:none;max-height:none;border-radius:0}.b[aria-expanded=true]{display:none}}`;

export type Widget = {
  host: HTMLElement;
  button: HTMLButtonElement;
  panel: HTMLElement;
  frame: () => HTMLIFrameElement | null;
  open: () => Promise<void>;
  close: () => void;
};

/** Draws the launcher for a granted session and runs it. */
export function mount(win: Window, doc: Document, fetcher: typeof fetch, embed: Embed, first: WidgetSession): Widget {
  let session = first;
  let expiresAt = Date.now() + session.expires_in * 1000;
  let iframe: HTMLIFrameElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewing: Promise<boolean> | null = null;
  const { appearance } = session;
  const left = appearance.position === "bottom-left";

  const host = doc.createElement("dastyar-widget");
  host.style.cssText = "all:initial";
  const root = host.attachShadow({ mode: "closed" });
  const style = doc.createElement("style");
  style.textContent = STYLE;
  const button = doc.createElement("button");
  button.type = "button";
  button.className = `b ${left ? "l" : "r"}`;
  button.style.background = appearance.color;
  button.style.color = textOn(appearance.color);
  button.append(icon(CHAT, "c"), icon(CLOSE, "x"));
  const panel = doc.createElement("div");
  panel.className = `p ${left ? "l" : "r"}${appearance.theme === "dark" ? " d" : ""}`;
  panel.hidden = true;
  root.append(style, panel, button);

  const isOpen = () => !panel.hidden;
  const margin = () => Math.min(60_000, (session.expires_in * 1000) / 5);
  const label = () => {
    const open = isOpen();
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? loaderText.close : loaderText.open(appearance.title));
  };

  const schedule = (delay = expiresAt - margin() - Date.now()) => {
    clearTimeout(timer);
    if (isOpen()) timer = setTimeout(() => void renew(), Math.max(0, delay));
  };

  /** A fresh token for the same visitor, handed to the chat page. */
  const renew = (): Promise<boolean> =>
    (renewing ??= requestSession(fetcher, embed, session.visitor).then((next) => {
      renewing = null;
      if (!next) {
        schedule(30_000);
        return false;
      }
      session = next;
      expiresAt = Date.now() + next.expires_in * 1000;
      saveVisitor(win, embed.key, next.visitor);
      iframe?.contentWindow?.postMessage({ type: MSG_TOKEN, token: next.token }, embed.base);
      schedule();
      return true;
    }));

  const open = async () => {
    panel.hidden = false;
    label();
    if (!iframe) {
      if (Date.now() > expiresAt - margin()) await renew();
      const hash = `#token=${encodeURIComponent(session.token)}&visitor=${encodeURIComponent(session.visitor)}`;
      iframe = doc.createElement("iframe");
      iframe.title = appearance.title;
      iframe.src = `${embed.base}/embed/${encodeURIComponent(embed.key)}${hash}`;
      panel.append(iframe);
    } else if (Date.now() > expiresAt - margin()) void renew();
    schedule();
    iframe.focus();
  };

  const close = () => {
    panel.hidden = true;
    label();
    clearTimeout(timer);
  };

  button.addEventListener("click", () => (isOpen() ? close() : void open()));
  win.addEventListener("message", (event) => {
    const request = frameRequest(event, embed.base, iframe?.contentWindow);
    if (request === "close") {
      close();
      button.focus();
    } else if (request === "renew") void renew();
  });

  label();
  doc.body.append(host);
  return { host, button, panel, frame: () => iframe, open, close };
}

const ONCE = "__dastyarWidget";

/** The whole loader: null when it draws nothing (no embed, second copy, or no session). */
export async function boot(
  win: Window,
  doc: Document,
  script: HTMLScriptElement | null,
  fetcher: typeof fetch = (...args) => win.fetch(...args),
): Promise<Widget | null> {
  const flags = win as unknown as Record<string, unknown>;
  if (flags[ONCE]) return null;
  flags[ONCE] = true;
  const embed = readEmbed(script);
  const session = embed && (await requestSession(fetcher, embed, readVisitor(win, embed.key)));
  if (!embed || !session) {
    console.warn("Dastyar widget: not available on this page.");
    return null;
  }
  saveVisitor(win, embed.key, session.visitor);
  if (!doc.body) await new Promise((resolve) => doc.addEventListener("DOMContentLoaded", resolve, { once: true }));
  return mount(win, doc, fetcher, embed, session);
}
