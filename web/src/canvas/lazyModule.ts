// A module fetched the first time something asks for it (the rules' lazy
// and URL modules): fetched once, again after a failed fetch, and held once
// here so that what asks later has it from its first render.
import { useEffect, useState } from "react";

export type LazyModule<T> = {
  /** The module, fetched once (again after a failed fetch). */
  load: () => Promise<T>;
  /** The module if already fetched, else null (nothing is fetched). */
  now: () => T | null;
};

export function lazyModule<T>(fetch: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | null = null;
  return {
    load: () =>
      (loading ??= fetch().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    now: () => loaded,
  };
}

/**
 * The module once it is here, null until then; fetched as soon as `wanted`.
 * What shows it says it is still working meanwhile, never an answer worked
 * out without it.
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | null {
  const [loaded, setLoaded] = useState(module.now);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    module.load().then(
      (fetched) => {
        if (current) setLoaded(() => fetched);
      },
      // A failed fetch leaves the waiting state; the next mount or wish tries again.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [module, wanted, loaded]);
  return loaded;
}
