// The website chat widget on a customer's site, end to end: a tiny shop page
// served by this spec (node:http) at http://localhost:PORT, a different origin
// from the server's 127.0.0.1, with the frame's one-line embed script pasted
// in its body. The loader asks for a session, draws its launcher (in a closed
// shadow root: selectors cannot reach it, so the spec finds it as a person
// with a screen reader would, in the browser's accessibility tree, and clicks
// where it is drawn), the chat window opens in the frame's look, the answer
// streams in word by word and the conversation is there again after a reload.
// The same page on an origin the frame does not list gets no session (403),
// no launcher, and the chat page refuses to be framed there. A frame with no
// assistant joined says it is offline instead of answering.
import type { FrameAppearance } from "@dastyar/rules";
import type { FrameView } from "@dastyar/api/FrameView";
import { expect as expectValue, type Frame, type Response } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chatText, loaderText } from "../../web/widget/i18n.ts";
import { createProject, newAccount, register } from "./api.ts";
import { createEdgeVia, createNodeVia, registerFrameVia } from "./canvas-api.ts";
import { expect, serverUrl, test, type Page } from "./fixtures.ts";

// ---- The customer's website ----

type Site = {
  /** `http://host:port`, as the browser reaches it. */
  origin: string;
  /** Serves `html` at `path`. */
  show: (path: string, html: string) => void;
  close: () => Promise<void>;
};

/** A website on a free port of this machine, reached in the browser as `http://{host}:{port}`. */
async function startSite(host: string): Promise<Site> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? "/", "http://site").pathname);
    if (html === undefined) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    show: (path, html) => void pages.set(path, html),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SHOP = "کتاب‌فروشی نمونه";

/** The shop's page with the embed line pasted into its body, as a site owner would. */
function shopPage(embedLine: string, extra = ""): string {
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<title>${SHOP}</title>
</head>
<body>
<h1>${SHOP}</h1>
<p>ارسال رایگان برای سفارش‌های بالای پانصد هزار تومان. پرسشی دربارهٔ کتاب‌ها یا ارسال دارید؟ از دکمهٔ گفتگو بپرسید.</p>
${extra}
${embedLine}
</body>
</html>
`;
}

// ---- The frame ----

const LOOK: FrameAppearance = {
  title: "پشتیبانی کتاب‌فروشی",
  welcome: "سلام! دربارهٔ سفارش یا کتاب‌ها بپرسید.",
  color: "#0ea5e9",
  position: "bottom-left",
  theme: "light",
};
/** LOOK.color as the browser computes it. */
const COLOR = "rgb(14, 165, 233)";
/** What the server says for a frame with no assistant (MessageCode::FrameInactive). */
const OFFLINE = "دستیار این سایت اکنون آفلاین است. لطفاً کمی بعد دوباره سر بزنید.";

/** A new builder's frame for `domain`, registered, with an assistant joined to it if `joined`. */
async function frameFor(domain: string, joined: boolean): Promise<FrameView> {
  const { token } = await register(newAccount("مدیر کتاب‌فروشی"));
  const projectId = (await createProject(token, "کتاب‌فروشی")).id;
  const assistant = await createNodeVia(token, projectId, "assistant", "دستیار کتاب‌فروشی", { x: 0, y: 0 });
  const iframe = await createNodeVia(token, projectId, "iframe", "گفتگوی سایت", { x: -450, y: 0 });
  const frame = await registerFrameVia(token, {
    node_id: iframe.database_id,
    company_name: SHOP,
    authorized_domains: [domain],
    appearance: LOOK,
  });
  if (joined) await createEdgeVia(token, projectId, assistant, iframe);
  expectValue(frame.public_key).toMatch(/^fr_/);
  // The line the builder copies: our server's loader with the frame's key.
  expectValue(frame.script).toBe(`<script src="${serverUrl()}/widget/widget.js" data-frame="${frame.public_key}" async></script>`);
  return frame;
}

// ---- The launcher, in its closed shadow root ----

type Launcher = { expanded: boolean | undefined; x: number; y: number; background: string };

/**
 * The button named `name` as the page's accessibility tree has it (the tree
 * flattens shadow roots, closed ones too), with where it is drawn and its
 * colour; null when the page has no such button.
 */
async function launcherNamed(page: Page, name: string): Promise<Launcher | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const node = nodes.find((n) => !n.ignored && n.role?.value === "button" && n.name?.value === name);
    if (!node?.backendDOMNodeId) return null;
    const backendNodeId = node.backendDOMNodeId;
    const { model } = await cdp.send("DOM.getBoxModel", { backendNodeId });
    const [x1, y1, , , x3, y3] = model.border;
    const { object } = await cdp.send("DOM.resolveNode", { backendNodeId });
    const { result } = await cdp.send("Runtime.callFunctionOn", {
      objectId: object.objectId,
      functionDeclaration: "function () { return getComputedStyle(this).backgroundColor; }",
      returnByValue: true,
    });
    const expanded = node.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined;
    return { expanded, x: (x1 + x3) / 2, y: (y1 + y3) / 2, background: String(result.value) };
  } finally {
    await cdp.detach();
  }
}

/** Waits for the launcher button named `name`. */
async function launcher(page: Page, name: string): Promise<Launcher> {
  let found: Launcher | null = null;
  await expect
    .poll(async () => (found = await launcherNamed(page, name)) !== null, { message: `a button named «${name}»` })
    .toBe(true);
  return found!;
}

/** The chat window's page, in the launcher's iframe. */
async function chatWindow(page: Page, key: string): Promise<Frame> {
  const find = () => page.frames().find((f) => f.url().startsWith(`${serverUrl()}/embed/${key}#`));
  await expect.poll(() => find() !== undefined, { message: "the chat window's iframe" }).toBe(true);
  const frame = find()!;
  await frame.waitForLoadState();
  return frame;
}

/** The text of each state the newest answer in the chat window goes through, from now on. */
function recordAnswers(chat: Frame): Promise<void> {
  return chat.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenAnswers: string[] }).seenAnswers = seen;
    const list = document.querySelector('[role="log"]')!;
    new MutationObserver(() => {
      const answers = list.querySelectorAll(".dc-bot");
      const answer = answers[answers.length - 1]?.cloneNode(true) as HTMLElement | undefined;
      if (!answer) return;
      answer.querySelectorAll(".dc-sr, .dc-typing").forEach((e) => e.remove());
      const text = (answer.textContent ?? "").replace(/\s+/g, " ").trim();
      if (seen[seen.length - 1] !== text) seen.push(text);
    }).observe(list, { childList: true, subtree: true, characterData: true });
  });
}

const recordedAnswers = (chat: Frame) => chat.evaluate(() => (window as unknown as { seenAnswers: string[] }).seenAnswers);

/** Whether `r` answers the loader's session call for frame `key`. */
const sessionOf = (key: string) => (r: Response) =>
  r.url() === `${serverUrl()}/api/widget/${key}/session` && r.request().method() === "POST";

// ---- The specs ----

let shop: Site; // the listed site: http://localhost:PORT_A
let copycat: Site; // another origin: http://127.0.0.1:PORT_B

test.beforeAll(async () => {
  shop = await startSite("localhost");
  copycat = await startSite("127.0.0.1");
  expectValue(new URL(shop.origin).origin).not.toBe(new URL(serverUrl()).origin);
});

test.afterAll(async () => {
  await shop?.close();
  await copycat?.close();
});

test("a visitor on the customer's site chats through the widget, sees the answer stream in, and finds it again after a reload", async ({
  page,
}) => {
  const frame = await frameFor(new URL(shop.origin).host, true);
  const key = frame.public_key!;
  shop.show("/", shopPage(frame.script!));

  // The loader gets a session for this page, with CORS for its origin only.
  const session = page.waitForResponse(sessionOf(key));
  await page.goto(`${shop.origin}/`);
  await expect(page.getByRole("heading", { name: SHOP })).toBeVisible();
  const granted = await session;
  expectValue(granted.status()).toBe(200);
  expectValue(granted.headers()["access-control-allow-origin"]).toBe(shop.origin);
  const { visitor } = (await granted.json()) as { visitor: string };

  // The launcher: one host element whose closed shadow root keeps it out of
  // the selectors' reach (getByRole finds nothing), but not out of the
  // accessibility tree, where it is a button named after the frame's title.
  await expect(page.locator("dastyar-widget")).toHaveCount(1);
  expectValue(await page.locator("dastyar-widget").evaluate((host) => host.shadowRoot)).toBeNull();
  await expect(page.getByRole("button", { name: loaderText.open(LOOK.title) })).toHaveCount(0);
  const closed = await launcher(page, loaderText.open(LOOK.title));
  expectValue(closed.expanded).toBe(false);
  expectValue(closed.background, "the launcher wears the frame's colour").toBe(COLOR);
  expectValue(closed.x, "bottom-left: on the left half of the page").toBeLessThan(page.viewportSize()!.width / 2);
  expectValue(closed.y).toBeGreaterThan(page.viewportSize()!.height / 2);

  // Clicked where it is drawn, it opens the chat window and becomes its close button.
  await page.mouse.click(closed.x, closed.y);
  const open = await launcher(page, loaderText.close);
  expectValue(open.expanded).toBe(true);
  const chat = await chatWindow(page, key);
  const iframe = await chat.frameElement();
  expectValue(await iframe.getAttribute("title")).toBe(LOOK.title);
  const box = (await iframe.boundingBox())!;
  expectValue(box.x + box.width / 2).toBeLessThan(page.viewportSize()!.width / 2);

  // The window in the frame's look: its title, the welcome, the colour.
  await expect(chat.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(chat.getByRole("heading", { name: LOOK.title })).toBeVisible();
  const log = chat.getByRole("log", { name: chatText.messages });
  await expect(log.locator(".dc-bot").first()).toContainText(LOOK.welcome);
  await expect(chat.locator("header")).toHaveCSS("background-color", COLOR);

  // A question in Persian; the fake model echoes it ("پاسخ: " and the words,
  // 30 ms apart), and the window shows it being written before it is whole.
  const question = "سلام، هزینهٔ ارسال کتاب به شیراز چقدر است و چند روز طول می‌کشد؟";
  const final = `پاسخ: ${question}`;
  await recordAnswers(chat);
  const input = chat.getByRole("textbox", { name: chatText.input });
  await input.fill(question);
  await chat.getByRole("button", { name: chatText.send }).click();
  await expect(log.locator(".dc-user")).toHaveText(new RegExp(`${question}$`));
  const answer = log.locator(".dc-bot").last();
  await expect(answer).toContainText(final);
  await expect(answer).toHaveAttribute("aria-busy", "false");
  await expect(answer.locator(".dc-err")).toHaveCount(0);
  await expect(chat.getByRole("status", { includeHidden: true })).toHaveText("");
  const states = await recordedAnswers(chat);
  const partial = states.filter((text) => text.startsWith("پاسخ:") && text !== final && final.startsWith(text));
  expectValue(partial.length, `pieces before the whole answer: ${JSON.stringify(states)}`).toBeGreaterThan(0);
  expectValue(states[states.length - 1]).toBe(final);
  expectValue(states.indexOf(partial[0])).toBeLessThan(states.indexOf(final));
  await expect(input).toHaveValue("");

  // The page loads again: the same visitor (kept in the site's storage) sees the same conversation.
  expectValue(await page.evaluate((k) => localStorage.getItem(`dastyar:${k}:visitor`), key)).toBe(visitor);
  const again = page.waitForResponse(sessionOf(key));
  await page.reload();
  expectValue(((await (await again).json()) as { visitor: string }).visitor).toBe(visitor);
  const reopened = await launcher(page, loaderText.open(LOOK.title));
  const history = page.waitForResponse((r) => r.url() === `${serverUrl()}/api/widget/${key}/conversation`);
  await page.mouse.click(reopened.x, reopened.y);
  expectValue((await history).status()).toBe(200);
  const back = await chatWindow(page, key);
  const backLog = back.getByRole("log", { name: chatText.messages });
  await expect(backLog.locator(".dc-bot").first()).toContainText(LOOK.welcome);
  await expect(backLog.locator(".dc-user")).toHaveCount(1);
  await expect(backLog.locator(".dc-user")).toContainText(question);
  await expect(backLog.locator(".dc-bot")).toHaveCount(2);
  await expect(backLog.locator(".dc-bot").last()).toContainText(final);

  // The window's own close button asks the page around it to close it (postMessage): the launcher opens it again.
  const backIframe = await back.frameElement();
  await back.getByRole("button", { name: chatText.close, exact: true }).click();
  const closedAgain = await launcher(page, loaderText.open(LOOK.title));
  expectValue(closedAgain.expanded).toBe(false);
  await expect.poll(() => backIframe.isVisible()).toBe(false);
  // Focus is back on the launcher (seen from the page as its host element).
  expectValue(await page.evaluate(() => document.activeElement?.localName)).toBe("dastyar-widget");
});

test("on a site the frame does not list, the session is refused, no launcher is drawn, and the chat page will not be framed", async ({
  page,
}) => {
  const listed = new URL(shop.origin).host;
  const frame = await frameFor(listed, true);
  const key = frame.public_key!;
  const embed = `${serverUrl()}/embed/${key}`;
  // The copy: the same embed line, and the chat page framed directly.
  copycat.show("/", shopPage(frame.script!, `<iframe id="direct" title="گفتگو" src="${embed}" width="380" height="300"></iframe>`));

  // The browser's side of the session call: its CORS preflight and the call itself.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const preflights: number[] = [];
  const corsErrors: string[] = [];
  const sessionUrl = `${serverUrl()}/api/widget/${key}/session`;
  cdp.on("Network.responseReceived", (e) => {
    if (e.response.url === sessionUrl && e.type === "Preflight") preflights.push(e.response.status);
  });
  cdp.on("Network.loadingFailed", (e) => {
    if (e.corsErrorStatus) corsErrors.push(e.corsErrorStatus.corsError);
  });
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  const gaveUp = page.waitForEvent("console", (m) => m.text().includes("Dastyar widget: not available on this page."));
  const framed = page.waitForResponse((r) => r.url() === embed);

  await page.goto(`${copycat.origin}/`);
  await expect(page.getByRole("heading", { name: SHOP })).toBeVisible();
  await gaveUp;

  // Refused: the server answered the browser's preflight for this origin 403
  // without CORS headers, so the call itself was never sent and the loader got nothing.
  // DevTools events come on their own channel and may trail the page's console message: wait for them.
  await expect.poll(() => preflights).toEqual([403]);
  await expect.poll(() => corsErrors).toEqual([expect.stringMatching(/^Preflight/)]);
  const asked = await fetch(sessionUrl, {
    method: "POST",
    headers: { Origin: copycat.origin, "Content-Type": "application/json" },
    body: "{}",
  });
  expectValue(asked.status).toBe(403);
  expectValue(asked.headers.get("access-control-allow-origin")).toBeNull();
  expectValue(((await asked.json()) as { error: { code: string } }).error.code).toBe("frame_origin_refused");

  // Nothing drawn: no host element, no button in the accessibility tree.
  await expect(page.locator("dastyar-widget")).toHaveCount(0);
  expectValue(await launcherNamed(page, loaderText.open(LOOK.title))).toBeNull();

  // The chat page itself names only the listed site as a frame ancestor, and the browser keeps it out of this page.
  const response = await framed;
  const policy = response.headers()["content-security-policy"];
  expectValue(policy).toContain(`frame-ancestors http://${listed} https://${listed}`);
  expectValue(policy).not.toContain(new URL(copycat.origin).host);
  await expect.poll(() => messages.some((m) => m.includes("frame-ancestors")), { message: "Chromium's frame-ancestors refusal" }).toBe(true);
  const direct = page.frames().find((f) => f !== page.mainFrame());
  expectValue(direct, "the direct iframe's frame").toBeDefined();
  expectValue(direct!.url()).not.toContain(`/embed/${key}`);
  await expect(direct!.locator("#dastyar-chat")).toHaveCount(0);
  await cdp.detach();
});

test("a frame with no assistant joined says it is offline in the chat window instead of answering", async ({ page }) => {
  const frame = await frameFor(new URL(shop.origin).host, false);
  expectValue(frame.is_active).toBe(false);
  const key = frame.public_key!;
  shop.show("/offline", shopPage(frame.script!));

  const session = page.waitForResponse(sessionOf(key));
  await page.goto(`${shop.origin}/offline`);
  const granted = (await (await session).json()) as { active: boolean; offline_message: string };
  expectValue(granted).toMatchObject({ active: false, offline_message: OFFLINE });

  // The launcher is still there; the window opens and says so, with nothing to write in.
  const closed = await launcher(page, loaderText.open(LOOK.title));
  await page.mouse.click(closed.x, closed.y);
  const chat = await chatWindow(page, key);
  await expect(chat.getByRole("heading", { name: LOOK.title })).toBeVisible();
  await expect(chat.getByText(OFFLINE)).toBeVisible();
  await expect(chat.getByRole("textbox", { name: chatText.input })).toHaveCount(0);
  await expect(chat.getByRole("button", { name: chatText.send })).toHaveCount(0);
  await expect(chat.getByRole("button", { name: chatText.newConversation })).toBeDisabled();
  await expect(chat.getByRole("log", { name: chatText.messages }).locator(".dc-bot")).toHaveCount(1);

  // Escape in the window closes it too.
  const iframe = await chat.frameElement();
  await chat.getByRole("heading", { name: LOOK.title }).click();
  await page.keyboard.press("Escape");
  expectValue((await launcher(page, loaderText.open(LOOK.title))).expanded).toBe(false);
  await expect.poll(() => iframe.isVisible()).toBe(false);
});
