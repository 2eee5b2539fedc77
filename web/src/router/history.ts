// A tiny client-side router over the History API: the server answers every
// non-API path with index.html, and the app picks the page from the location.
import { useSyncExternalStore } from "react";

const CHANGE = "dastyar:navigate";

/** The current path with its query, e.g. `/projects/3?tab=x`. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Goes to `to` (a path on this site) without reloading the page. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (to === currentPath()) return;
  if (replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

export type Location = { pathname: string; query: URLSearchParams };

/** The location, re-rendering the caller whenever it changes. */
export function useLocation(): Location {
  const path = useSyncExternalStore(subscribe, currentPath, () => "/");
  const url = new URL(path, "http://app.invalid");
  return { pathname: url.pathname, query: url.searchParams };
}
