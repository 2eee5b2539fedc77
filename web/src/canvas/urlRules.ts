// The rules' third module, @dastyar/rules/urls (wasm/src/lib.rs): what parses
// URLs (node data as saved, a WordPress site address, an assistant's
// abilities), whose IDNA tables the canvas's first paint does without. It is
// fetched when a settings panel opens, when the canvas holds a node whose
// address the rules read (WordPress, iframe), before a connection to a
// WordPress node is checked, or when the browser is idle a few seconds after
// the canvas draws, whichever comes first, and only here: a static import
// anywhere else would put it back in the first paint (eslint.config.js
// refuses one).
import { useStore } from "jotai";
import { useEffect } from "react";
import { nodesAtom } from "../state/canvas/atoms";
import { prefetchWhenIdle } from "./idlePrefetch";
import { lazyModule, useLazyModule } from "./lazyModule";

export type UrlRules = typeof import("@dastyar/rules/urls");

const urls = lazyModule<UrlRules>(() => import("@dastyar/rules/urls"));

/** The URL rules, fetched once (again after a failed fetch). */
export const loadUrlRules = urls.load;

/** The URL rules if already fetched, else null (nothing is fetched). */
export const urlRulesNow = urls.now;

/**
 * The URL rules for what runs only once they are here (a panel's body, shown
 * after useUrlRules answered them): throws before, which is a bug.
 */
export function urlRules(): UrlRules {
  const loaded = urls.now();
  if (!loaded) throw new Error("the URL rules are used before they were fetched");
  return loaded;
}

/** The URL rules once they are here, null until then; fetched as soon as `wanted`. */
export function useUrlRules(wanted = true): UrlRules | null {
  return useLazyModule(urls, wanted);
}

/** How long after the canvas draws the URL rules are fetched anyway, when the browser is idle. */
const IDLE_PREFETCH_MS = 3000;

/** Kinds whose data the rules read an address of, even with no panel open. */
const NEEDING: ReadonlySet<string> = new Set(["wordpress", "iframe"]);

/**
 * Fetches the URL rules as soon as the canvas holds a WordPress or iframe
 * node, so its panel or a connection to it never waits for them, and else
 * when the browser is idle after first paint, so the first panel does not
 * either. Watches the store rather than re-rendering on every change of the
 * nodes.
 */
export function usePreloadUrlRules(): void {
  const store = useStore();
  useEffect(() => (urls.now() ? undefined : prefetchWhenIdle(loadUrlRules, IDLE_PREFETCH_MS)), []);
  useEffect(() => {
    if (urls.now()) return;
    const check = () => {
      if (urls.now() || !store.get(nodesAtom).some((n) => NEEDING.has(n.type ?? ""))) return false;
      void loadUrlRules().catch(() => {});
      return true;
    };
    if (check()) return;
    const stop = store.sub(nodesAtom, () => {
      if (check()) stop();
    });
    return stop;
  }, [store]);
}
