// The chat page inside the iframe: header, messages, composer. It talks to our
// server with the session's token, and to the page around it (the loader)
// only by postMessage: close, and "renew my token".

import { createApi, newId, type Failure } from "./api";
import { textOn } from "./color";
import { sourcesText } from "../shared/citation";
import { chatText as t } from "./i18n";
import { CLOSE, icon, PLUS, SEND } from "./icons";
import { renderMarkdown } from "./markdown";
import { messageType, MSG_CLOSE, MSG_RENEW, MSG_TOKEN, type FrameConfig } from "./protocol";
import { readSse } from "./sse";
import { applyEvent, citations, interrupted, parseStreamEvent, pendingAnswer, userMessage, type ChatMessage } from "./state";

export const MAX_LENGTH = 8000;
export const RENEW_TIMEOUT = 5000;
const DEFAULT_WAIT = 5;

/** The page around the chat, as far as the chat can reach it. */
export type ParentLink = {
  post(message: { type: string }): void;
  /** Whether a message event came from that page. */
  isParent(source: MessageEventSource | null): boolean;
};

export type ChatOptions = {
  root: HTMLElement;
  config: FrameConfig;
  token: string;
  parent: ParentLink;
  /** Where message and key events arrive (the window). */
  events?: EventTarget;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

/** The token and visitor the loader put in the page's fragment. */
export function parseHash(hash: string): { token: string; visitor: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return { token: params.get("token") ?? "", visitor: params.get("visitor") ?? "" };
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, className = "", ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function iconButton(className: string, label: string, path: string): HTMLButtonElement {
  const b = h("button", className, icon(path));
  b.type = "button";
  b.setAttribute("aria-label", label);
  b.title = label;
  return b;
}

export function startChat(options: ChatOptions) {
  const { root, config, parent } = options;
  const events = options.events ?? window;
  const { appearance } = config;
  let token = options.token;
  let tokenArrived: (() => void) | null = null;
  let renewing: Promise<boolean> | null = null;

  /** Asks the loader for a new token; false if none comes within five seconds. */
  const renew = () =>
    (renewing ??= new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        tokenArrived = null;
        renewing = null;
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), RENEW_TIMEOUT);
      tokenArrived = () => done(true);
      parent.post({ type: MSG_RENEW });
    }));

  const api = createApi({ key: config.key, token: () => token, renew, fetch: options.fetch, sleep: options.sleep });

  // The page.
  root.className = "dc";
  root.dataset.theme = appearance.theme;
  root.style.setProperty("--accent", appearance.color);
  root.style.setProperty("--on-accent", textOn(appearance.color));
  const title = h("h1", "dc-title", appearance.title);
  title.dir = "auto";
  const newButton = iconButton("dc-icon", t.newConversation, PLUS);
  const closeButton = iconButton("dc-icon", t.close, CLOSE);
  const yes = h("button", "dc-yes", t.confirmYes);
  const no = h("button", "dc-no", t.cancel);
  yes.type = no.type = "button";
  const confirmText = h("p", "", t.confirmNew);
  confirmText.id = "dc-confirm-text";
  const confirmBox = h("div", "dc-confirm", confirmText, yes, no);
  confirmBox.setAttribute("role", "alertdialog");
  confirmBox.setAttribute("aria-describedby", confirmText.id);
  confirmBox.hidden = true;
  const list = h("div", "dc-list");
  list.setAttribute("role", "log");
  list.setAttribute("aria-live", "polite");
  list.setAttribute("aria-label", t.messages);
  const status = h("p", "dc-status");
  status.setAttribute("role", "status");
  const wait = h("p", "dc-wait");
  const input = h("textarea", "dc-input");
  input.rows = 1;
  input.dir = "auto";
  input.placeholder = t.placeholder;
  input.setAttribute("aria-label", t.input);
  const sendButton = iconButton("dc-send", t.send, SEND);
  sendButton.type = "submit";
  const form = h("form", "dc-form", input, sendButton);
  const offlineNote = h("p", "dc-offline");
  offlineNote.hidden = true;
  root.replaceChildren(h("header", "dc-head", title, newButton, closeButton), confirmBox, list, status, wait, offlineNote, form);

  // State.
  const shown = new Map<string, HTMLElement>();
  let offline = false;
  let streaming = false;
  let loading = true;
  let coolUntil = 0;
  let cooling: ReturnType<typeof setInterval> | undefined;
  let stick = true;
  let lastFailed: { text: string; key: string } | null = null;

  const controls = () => {
    input.disabled = offline;
    sendButton.disabled = offline || streaming || loading || Date.now() < coolUntil;
    newButton.disabled = offline || streaming;
  };
  const notice = (text: string) => {
    status.textContent = text;
  };
  const scroll = () => {
    if (stick) list.scrollTop = list.scrollHeight;
  };
  list.addEventListener("scroll", () => {
    stick = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  });
  const grow = () => {
    input.style.height = "auto";
    input.style.height = `${input.scrollHeight + input.offsetHeight - input.clientHeight}px`;
  };

  function paint(m: ChatMessage, into?: HTMLElement): ChatMessage {
    let el = into ?? shown.get(m.key);
    if (!el) {
      el = h("div", `dc-msg dc-${m.role === "user" ? "user" : "bot"}`);
      el.dir = "auto";
      shown.set(m.key, el);
      list.append(el);
    }
    el.replaceChildren(h("span", "dc-sr", m.role === "user" ? t.you : t.assistant));
    if (m.role === "user") el.append(h("p", "", m.text));
    else el.append(renderMarkdown(m.text));
    if (m.streaming && !m.text) {
      const dots = h("span", "dc-typing", h("i"), h("i"), h("i"));
      dots.setAttribute("role", "img");
      dots.setAttribute("aria-label", t.typing);
      el.append(dots);
    }
    // Text only: a file's name is the uploader's, never markup.
    const cited = m.sources && sourcesText(m.sources, t.sources);
    if (cited) el.append(h("p", "dc-src", cited));
    if (m.error) el.append(h("p", "dc-err", m.error));
    el.setAttribute("aria-busy", String(m.streaming));
    scroll();
    return m;
  }
  const drop = (m: ChatMessage) => {
    shown.get(m.key)?.remove();
    shown.delete(m.key);
  };

  function goOffline(message: string) {
    offline = true;
    offlineNote.textContent = message;
    offlineNote.hidden = false;
    controls();
  }

  function coolDown(seconds: number) {
    coolUntil = Date.now() + seconds * 1000;
    clearInterval(cooling);
    const step = () => {
      const left = Math.ceil((coolUntil - Date.now()) / 1000);
      if (left <= 0) clearInterval(cooling);
      wait.textContent = left > 0 ? t.waitSeconds(left) : "";
      controls();
    };
    step();
    cooling = setInterval(step, 1000);
  }

  function fail(f: Failure) {
    if (f.status === 0) return notice(t.network);
    if (f.code === "frame_inactive") return goOffline(f.message || config.offline_message || t.offline);
    if (f.status === 429) coolDown(f.retryAfter || DEFAULT_WAIT);
    notice(f.message || (f.status === 401 ? t.expired : f.code === "conversation_busy" ? t.busy : t.unknown));
  }

  async function submit() {
    const text = input.value.trim();
    if (!text || sendButton.disabled) return;
    if ([...text].length > MAX_LENGTH) return notice(t.tooLong(MAX_LENGTH));
    // The same message sent again after a failure keeps its key: the server takes it once.
    const key = lastFailed?.text === text ? lastFailed.key : newId();
    lastFailed = { text, key };
    notice("");
    stick = true;
    const mine = paint(userMessage(text));
    let answer = paint(pendingAnswer());
    input.value = "";
    grow();
    streaming = true;
    controls();
    const outcome = await api.send(text, key);
    if (!outcome.ok) {
      drop(mine);
      drop(answer);
      if (!input.value.trim()) {
        input.value = text;
        grow();
      }
      streaming = false;
      controls();
      return fail(outcome.failure);
    }
    lastFailed = null;
    // Deltas are painted once a frame; the other events at once.
    let queued = false;
    const flush = () => {
      queued = false;
      paint(answer);
    };
    try {
      if (outcome.response.body) {
        await readSse(outcome.response.body, (e) => {
          const event = parseStreamEvent(e.event, e.data);
          if (!event) return;
          answer = applyEvent(answer, event, t.failed);
          if (event.type !== "delta") paint(answer);
          else if (!queued) {
            queued = true;
            if (typeof requestAnimationFrame === "function") requestAnimationFrame(flush);
            else setTimeout(flush, 16);
          }
        });
      }
    } catch {
      // The connection dropped in the middle of the answer.
    }
    answer = interrupted(answer, t.interrupted);
    paint(answer);
    streaming = false;
    controls();
  }

  async function startNew() {
    confirmBox.hidden = true;
    newButton.disabled = true;
    const outcome = await api.newConversation();
    controls();
    if (!outcome.ok) return fail(outcome.failure);
    shown.forEach((el) => el.remove());
    shown.clear();
    lastFailed = null;
    notice("");
    input.focus();
  }

  // Events.
  events.addEventListener("message", (e) => {
    const { data, source } = e as MessageEvent;
    if (!parent.isParent(source) || messageType(data) !== MSG_TOKEN) return;
    const next = (data as { token?: unknown }).token;
    if (typeof next !== "string" || !next) return;
    token = next;
    tokenArrived?.();
  });
  events.addEventListener("keydown", (e) => {
    if ((e as KeyboardEvent).key !== "Escape") return;
    if (!confirmBox.hidden) {
      confirmBox.hidden = true;
      newButton.focus();
    } else parent.post({ type: MSG_CLOSE });
  });
  closeButton.addEventListener("click", () => parent.post({ type: MSG_CLOSE }));
  newButton.addEventListener("click", () => {
    if (shown.size === 0) return void startNew();
    confirmBox.hidden = false;
    yes.focus();
  });
  yes.addEventListener("click", () => void startNew());
  no.addEventListener("click", () => {
    confirmBox.hidden = true;
    newButton.focus();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void submit();
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void submit();
    }
  });
  input.addEventListener("input", grow);

  // Start: the welcome (not stored), then the visitor's latest conversation.
  if (appearance.welcome) {
    const welcome = h("div", "dc-msg dc-bot");
    welcome.dir = "auto";
    list.append(welcome);
    paint({ key: "welcome", role: "assistant", text: appearance.welcome, streaming: false, error: null }, welcome);
  }

  async function load() {
    if (!config.active) {
      form.remove();
      return goOffline(config.offline_message || t.offline);
    }
    if (!token) return goOffline(t.noSession);
    const history = await api.conversation();
    loading = false;
    controls();
    if (!history.ok) return fail(history.failure);
    for (const m of history.messages) {
      const role = m.role === "user" ? "user" : "assistant";
      paint({ key: `m${m.id}`, role, text: m.content, streaming: false, error: null, sources: citations(m.sources) });
    }
  }
  controls();
  const ready = load();

  return { ready, submit, input, sendButton, newButton, status, wait, list, offlineNote };
}
