// The rules' second module, @dastyar/rules/lazy (wasm/src/lib.rs): run times
// in a time zone and search text, whose tables the canvas's first paint does
// without. It is fetched the first time a schedule's preview or the palette's
// search asks for it, and only here: a static import anywhere else would put
// it back in the first paint (eslint.config.js refuses one).
import { lazyModule, useLazyModule } from "./lazyModule";

export type LazyRules = typeof import("@dastyar/rules/lazy");

const lazyRules = lazyModule<LazyRules>(() => import("@dastyar/rules/lazy"));

/** The lazy rules, fetched once (again after a failed fetch). */
export const loadLazyRules = lazyRules.load;

/** The lazy rules once they are here, null until then; fetched as soon as `wanted`. */
export function useLazyRules(wanted = true): LazyRules | null {
  return useLazyModule(lazyRules, wanted);
}
