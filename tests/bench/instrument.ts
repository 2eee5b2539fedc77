// What the canvas benchmark installs in every page before its scripts run
// (Dastyar's and the bare React Flow page alike): a requestAnimationFrame
// recorder, the viewport's transform frame by frame, timing of mousemove
// handling, long tasks, load milestones, and a stand-in React DevTools hook
// counting commits. `instrument` runs in the page: it uses nothing from outside.

export type Renders = { total: number; nodeWrappers: number; nodeCards: number; edgeWrappers: number; minimapNodes: number };

export type Recording = {
  frames: number[];
  moves: number[];
  commits: number;
  renders: Renders;
  longTasks: number[];
  /** How often the viewport's transform changed while recording (a drag that pans instead shows here). */
  viewChanges: number;
};

/** Load milestones in the DOM, from navigation start (React Flow's own elements, not Dastyar's cards). */
export type Marks = {
  firstNode?: number;
  allNodes?: number;
  allMeasured?: number;
  allEdges?: number;
  /** The last frame with a node element still hidden (React Flow hides a node until it is measured). */
  lastHidden?: number;
  nodesInDom: number;
  edgesInDom: number;
};

/** Every frame from navigation start and each change of the viewport's transform, until the load is judged. */
export type LoadTrace = { frames: number[]; views: { t: number; transform: string }[] };

export type BenchState = {
  recording: boolean;
  countRenders: boolean;
  frames: number[];
  moves: number[];
  moveStart: number;
  commits: number;
  renders: Renders;
  longTasks: { start: number; duration: number }[];
  recordStart: number;
  viewChanges: number;
  marks: Marks;
  load: LoadTrace & { watching: boolean };
  start(countRenders: boolean): void;
  stop(): Recording;
};

export type InstrumentArgs = {
  /** Dastyar's origin: the token and the extra CSS go to its pages only. */
  appOrigin: string;
  token: string;
  nodes: number;
  edges: number;
  css?: string;
};

/**
 * Mousemove handling is timed from window capture to window bubble, which
 * brackets React Flow's connection handler on document. The DevTools hook
 * counts commits and, when asked, which components rendered in each, the way
 * DevTools tells.
 */
export function instrument(args: InstrumentArgs): void {
  if (location.origin === args.appOrigin) {
    localStorage.setItem("dastyar.token", args.token);
    if (args.css) {
      const css = args.css;
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = css;
        document.head.append(style);
      });
    }
  }
  const viewport = () => document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform ?? "";
  const emptyRenders = (): Renders => ({ total: 0, nodeWrappers: 0, nodeCards: 0, edgeWrappers: 0, minimapNodes: 0 });
  const bench: BenchState = {
    recording: false,
    countRenders: false,
    frames: [],
    moves: [],
    moveStart: 0,
    commits: 0,
    renders: emptyRenders(),
    longTasks: [],
    recordStart: 0,
    viewChanges: 0,
    marks: { nodesInDom: 0, edgesInDom: 0 },
    load: { frames: [], views: [], watching: true },
    start(countRenders) {
      this.frames = [];
      this.moves = [];
      this.commits = 0;
      this.renders = emptyRenders();
      this.countRenders = countRenders;
      this.viewChanges = 0;
      this.recordStart = performance.now();
      this.recording = true;
      let view = viewport();
      // When each frame's callbacks actually ran (a late main thread shows as a long frame).
      const frame = () => {
        if (!this.recording) return;
        this.frames.push(performance.now());
        const now = viewport();
        if (now !== view) this.viewChanges++;
        view = now;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    stop() {
      this.recording = false;
      this.countRenders = false;
      const from = this.recordStart;
      return {
        frames: this.frames,
        moves: this.moves,
        commits: this.commits,
        renders: this.renders,
        longTasks: this.longTasks.filter((t) => t.start >= from).map((t) => t.duration),
        viewChanges: this.viewChanges,
      };
    },
  };
  (window as unknown as { __bench: BenchState }).__bench = bench;

  addEventListener("mousemove", () => (bench.moveStart = performance.now()), true);
  addEventListener("mousemove", () => {
    if (bench.recording) bench.moves.push(performance.now() - bench.moveStart);
  });

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long task timing
  }

  // The load, frame by frame until the benchmark has judged it (at most 180 s).
  const watch = () => {
    const { marks, load } = bench;
    const now = performance.now();
    load.frames.push(now);
    const transform = viewport();
    if (transform !== (load.views.at(-1)?.transform ?? "")) load.views.push({ t: now, transform });
    if (marks.allMeasured === undefined || marks.allEdges === undefined) {
      const nodes = document.querySelectorAll<HTMLElement>(".react-flow__node");
      marks.nodesInDom = nodes.length;
      marks.edgesInDom = document.querySelectorAll(".react-flow__edge").length;
      if (nodes.length > 0 && marks.firstNode === undefined) marks.firstNode = now;
      if (nodes.length >= args.nodes && marks.allNodes === undefined) marks.allNodes = now;
      let measured = 0;
      nodes.forEach((n) => {
        if (n.style.visibility !== "hidden") measured++;
      });
      if (measured < nodes.length) marks.lastHidden = now;
      if (measured >= args.nodes && marks.allMeasured === undefined) marks.allMeasured = now;
      if (marks.edgesInDom >= args.edges && marks.allEdges === undefined) marks.allEdges = now;
    }
    if (load.watching && now < 180_000) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);

  // React calls these on every commit (production builds too).
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
  const HOST_COMPONENT = 5;
  type Fiber = {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    stateNode: unknown;
  };
  const classify = (fiber: Fiber) => {
    const renders = bench.renders;
    renders.total++;
    const child = fiber.child;
    if (!child || child.tag !== HOST_COMPONENT || !(child.stateNode instanceof Element)) return;
    const element = child.stateNode;
    if (element.classList.contains("react-flow__node")) renders.nodeWrappers++;
    else if (element.tagName === "ARTICLE" && element.hasAttribute("data-kind")) renders.nodeCards++;
    else if (element.classList.contains("react-flow__minimap-node")) renders.minimapNodes++;
    else if (element.tagName.toLowerCase() === "svg" && element.firstElementChild?.classList.contains("react-flow__edge"))
      renders.edgeWrappers++;
  };
  const walk = (root: Fiber) => {
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      if (COMPONENT_TAGS.has(fiber.tag) && (fiber.alternate === null || (fiber.flags & PERFORMED_WORK) !== 0)) {
        classify(fiber);
      }
      // A subtree React bailed out of keeps its old children: nothing in it rendered.
      if (fiber.alternate !== null && fiber.child === fiber.alternate.child) continue;
      for (let child = fiber.child; child; child = child.sibling) stack.push(child);
    }
  };
  let renderers = 0;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => ++renderers,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (!bench.recording) return;
      bench.commits++;
      if (bench.countRenders) walk(root.current);
    },
  };
}
