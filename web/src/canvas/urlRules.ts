// The rules' third module, @dastyar/rules/urls (wasm/src/lib.rs): what parses
// URLs (node data as saved, a WordPress site address, an assistant's
// abilities), whose IDNA tables the canvas's first paint does without. It is
// fetched when a settings panel opens, when the canvas holds a node whose
// address the rules read (WordPress, iframe), or before a connection to a
// WordPress node is checked, and only here: a static import anywhere else
// would put it back in the first paint (eslint.config.js refuses one).
import { useStore } from "jotai";
import { useEffect, useState } from "react";
import { nodesAtom } from "../state/canvas/atoms";

export type UrlRules = typeof import("@dastyar/rules/urls");

let loading: Promise<UrlRules> | null = null;
/** Set once fetched, so what asks later has them at once. */
let loaded: UrlRules | null = null;

/** The URL rules, fetched once (again after a failed fetch). */
export function loadUrlRules(): Promise<UrlRules> {
  loading ??= import("@dastyar/rules/urls").then(
    (rules) => (loaded = rules),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The URL rules if already fetched, else null (nothing is fetched). */
export function urlRulesNow(): UrlRules | null {
  return loaded;
}

/**
 * The URL rules for what runs only once they are here (a panel's body, shown
 * after useUrlRules answered them): throws before, which is a bug.
 */
export function urlRules(): UrlRules {
  if (!loaded) throw new Error("the URL rules are used before they were fetched");
  return loaded;
}

/** The URL rules once they are here, null until then; fetched as soon as `wanted`. */
export function useUrlRules(wanted = true): UrlRules | null {
  const [rules, setRules] = useState(() => loaded);
  useEffect(() => {
    if (!wanted || rules) return;
    let current = true;
    loadUrlRules().then(
      (loaded) => {
        if (current) setRules(loaded);
      },
      // A failed fetch leaves the waiting state; the next mount or wish tries again.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, rules]);
  return rules;
}

/** Kinds whose data the rules read an address of, even with no panel open. */
const NEEDING: ReadonlySet<string> = new Set(["wordpress", "iframe"]);

/**
 * Fetches the URL rules as soon as the canvas holds a WordPress or iframe
 * node, so its panel or a connection to it never waits for them. Watches the
 * store rather than re-rendering on every change of the nodes.
 */
export function usePreloadUrlRules(): void {
  const store = useStore();
  useEffect(() => {
    if (loaded) return;
    const check = () => {
      if (loaded || !store.get(nodesAtom).some((n) => NEEDING.has(n.type ?? ""))) return false;
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
