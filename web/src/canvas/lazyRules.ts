// The rules' second module, @dastyar/rules/lazy (wasm/src/lib.rs): run times
// in a time zone and search text, whose tables the canvas's first paint does
// without. It is fetched the first time a schedule's preview or the palette's
// search asks for it, and only here: a static import anywhere else would put
// it back in the first paint (eslint.config.js refuses one).
import { useEffect, useState } from "react";

export type LazyRules = typeof import("@dastyar/rules/lazy");

let loading: Promise<LazyRules> | null = null;
/** Set once fetched, so a panel opened later has them from its first render. */
let loaded: LazyRules | null = null;

/** The lazy rules, fetched once (again after a failed fetch). */
export function loadLazyRules(): Promise<LazyRules> {
  loading ??= import("@dastyar/rules/lazy").then(
    (rules) => (loaded = rules),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The lazy rules once they are here, null until then; fetched as soon as
 * `wanted`. What shows them says it is still working meanwhile, never an
 * answer worked out without them.
 */
export function useLazyRules(wanted = true): LazyRules | null {
  const [rules, setRules] = useState(() => loaded);
  useEffect(() => {
    if (!wanted || rules) return;
    let current = true;
    loadLazyRules().then(
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
