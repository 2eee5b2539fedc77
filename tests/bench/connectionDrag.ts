// Dastyar's connection checks in the page (the bare page has no rules): a
// connection dragged from the probe function to the hub assistant at zoom 1,
// where each pointer move over the target handle asks the rules, and the check
// itself timed in a loop inside the page.

import type { Page } from "playwright-core";
import { fmt, median, quantile, type Table } from "./figures.js";
import { measure, settle, shot, sweep, viewOf, type Point, type Row, type Side } from "./interactions.js";

type Proposal = { source: string; target: string };

/**
 * The canvas's own `isValidConnection` (isValidConnection → checkProposalAtom →
 * checkConnectionAround on the ends' neighbourhood), found among the props of React Flow's root component and
 * timed in batches inside the page: a batch's time over its calls is one
 * check's cost (performance.now is too coarse for a single call, and nothing is
 * subtracted, so no figure can come out negative). The first call after a
 * change of the graph reads it into the rules; it is timed alone.
 */
async function checkInPage(page: Page, proposal: Proposal) {
  return page.evaluate(({ source, target }) => {
    type Fiber = { memoizedProps?: { isValidConnection?: unknown } | null; return: Fiber | null };
    const root = document.querySelector(".react-flow");
    const key = root && Object.keys(root).find((k) => k.startsWith("__reactFiber$"));
    let fiber: Fiber | null = key ? ((root as unknown as Record<string, Fiber>)[key] ?? null) : null;
    while (fiber && typeof fiber.memoizedProps?.isValidConnection !== "function") fiber = fiber.return;
    if (!fiber) return null;
    const check = fiber.memoizedProps!.isValidConnection as (connection: object) => boolean;
    const connection = { source, target, sourceHandle: null, targetHandle: null };
    let start = performance.now();
    const allowed = check(connection);
    const first = performance.now() - start;
    // A fresh question with the code warm: the canvas keeps only the last
    // answer, so asking the reverse in between makes each ask cut the
    // neighbourhood and call the rules again, as after a change.
    const reverse = { source: target, target: source, sourceHandle: null, targetHandle: null };
    const fresh: number[] = [];
    for (let i = 0; i < 21; i++) {
      check(reverse);
      start = performance.now();
      check(connection);
      fresh.push(performance.now() - start);
    }
    fresh.sort((a, b) => a - b);
    // Batches of about 5 ms each.
    start = performance.now();
    for (let i = 0; i < 10; i++) check(connection);
    const guess = Math.max((performance.now() - start) / 10, 0.001);
    const calls = Math.min(5000, Math.max(1, Math.ceil(5 / guess)));
    const perCheck: number[] = [];
    for (let batch = 0; batch < 31; batch++) {
      start = performance.now();
      for (let i = 0; i < calls; i++) check(connection);
      perCheck.push((performance.now() - start) / calls);
    }
    return { first, fresh: fresh[10]!, perCheck, calls, allowed };
  }, proposal);
}

/** How the connection line looks: valid, invalid, or absent (no connection in progress). */
async function connectionLine(page: Page): Promise<string> {
  return page.evaluate(() => {
    const line = document.querySelector(".react-flow__connection");
    if (!line) return "absent";
    return line.classList.contains("valid") ? "valid" : line.classList.contains("invalid") ? "invalid" : "neutral";
  });
}

async function centreOf(page: Page, selector: string): Promise<Point> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A point of bare pane (no node, edge or panel under it), nearest `near`; null when edges cover it all. */
async function barePane(page: Page, near: Point): Promise<Point | null> {
  const box = (await viewOf(page)).pane;
  return page.evaluate(
    ({ box, near }) => {
      let best: { x: number; y: number; d: number } | null = null;
      for (let y = box.y + 100; y < box.y + box.height - 100; y += 3) {
        for (let x = box.x + 100; x < box.x + box.width - 100; x += 3) {
          const d = (x - near.x) ** 2 + (y - near.y) ** 2;
          if (best && d >= best.d) continue;
          const hit = document.elementFromPoint(x, y);
          if (!hit?.classList.contains("react-flow__pane")) continue;
          // Room around it, so a small circle stays on bare pane.
          const clear = [
            [6, 0],
            [-6, 0],
            [0, 6],
            [0, -6],
          ].every(([dx, dy]) => document.elementFromPoint(x + dx!, y + dy!)?.classList.contains("react-flow__pane"));
          if (clear) best = { x, y, d };
        }
      }
      return best && { x: best.x, y: best.y };
    },
    { box, near },
  );
}

/** The in-page check; call it after something moved, so its first call cuts the neighbourhood afresh. */
export async function measureCheckInPage(side: Side, proposal: Proposal, table: Table): Promise<void> {
  const timed = await checkInPage(side.page, proposal);
  if (!timed) {
    table.add("connection: one check in the page", "n/a", "no isValidConnection on React Flow's root component");
    return;
  }
  const sorted = [...timed.perCheck].sort((a, b) => a - b);
  table.add(
    "connection: one check in the page",
    `${fmt(median(timed.perCheck), 3)} ms`,
    `median of ${timed.perCheck.length} batches of ${timed.calls} calls (p95 ${fmt(quantile(sorted, 0.95), 3)} ms): ` +
      `the canvas's isValidConnection → checkProposalAtom → checkConnectionAround; ` +
      `${proposal.source} → ${proposal.target} ${timed.allowed ? "allowed" : "refused"}`,
  );
  table.add(
    "connection: first check after a change",
    `${fmt(timed.fresh, 2)} ms`,
    "median of 21: cuts the ends' neighbourhood and hands it to the rules (asked after another question, " +
      "so the kept answer is not reused); the same question again reuses the answer",
  );
  table.add(
    "connection: first check in the page",
    `${fmt(timed.first, 1)} ms`,
    "after a node moved, the page's first check: the browser also compiles the rules' code it runs for the first time",
  );
}

/**
 * Drags a connection from the probe function's source handle to the hub
 * assistant's target handle (allowed), circling over bare pane and then over
 * the handle, and lets go on bare pane (nothing is connected). The page must be
 * at zoom 1 with both ends on screen.
 */
export async function measureConnectionDrag(side: Side, proposal: Proposal, table: Table, label: string): Promise<void> {
  const { page } = side;
  const pane = (await viewOf(page)).pane;
  const from = await centreOf(page, `.react-flow__node[data-id="${proposal.source}"] .react-flow__handle.source`);
  const to = await centreOf(page, `.react-flow__node[data-id="${proposal.target}"] .react-flow__handle.target`);
  // Somewhere off the handles to hover first (bare pane when there is some).
  const above = { x: (from.x + to.x) / 2, y: Math.max(pane.y + 120, from.y - 200) };
  const bare = (await barePane(page, above)) ?? above;
  const pressed = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.classList.contains("react-flow__handle") ?? false,
    from,
  );
  if (!pressed) throw new Error(`the source handle of ${proposal.source} is covered at ${from.x},${from.y}`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10);
  await page.mouse.move(bare.x, bare.y);
  const circling = (p: Point, r: number) => (t: number) => ({
    x: p.x + r * Math.cos(2 * Math.PI * 30 * t),
    y: p.y + r * Math.sin(2 * Math.PI * 30 * t),
  });
  const overPane = await measure(side, "connection drag away from handles", () =>
    sweep(page, circling(bare, 3)).then(() => {}),
  );
  const lineOverPane = await connectionLine(page);
  await page.mouse.move(to.x, to.y);
  await settle(page, 100);
  const overHandle: Row = await measure(side, "connection drag over the handle", () =>
    sweep(page, circling(to, 2)).then(() => {}),
  );
  await shot(page, `${label}-connection-drag`);
  const lineOverHandle = await connectionLine(page);
  await page.mouse.move(bare.x, bare.y);
  await settle(page, 100);
  await page.mouse.up(); // on bare pane: nothing is connected
  await settle(page);
  const sortedHandle = [...overHandle.moves].sort((a, b) => a - b);
  table.add(
    "connection drag: pointer move over the target handle",
    `${fmt(median(overHandle.moves), 2)} ms`,
    `median of ${overHandle.moves.length} (p95 ${fmt(quantile(sortedHandle, 0.95), 2)} ms); ` +
      `React Flow calls isValidConnection; line ${lineOverHandle}`,
  );
  table.add(
    "connection drag: pointer move away from handles",
    `${fmt(median(overPane.moves), 2)} ms`,
    `median of ${overPane.moves.length}; no rules check (no handle within reach); line ${lineOverPane}`,
  );
  table.add(
    "connection drag over the handle: frames per second",
    fmt(overHandle.fps),
    `worst / p95 frame ${fmt(overHandle.worst, 0)} / ${fmt(overHandle.p95, 0)} ms; ${overHandle.longTasks} long tasks`,
  );
}
