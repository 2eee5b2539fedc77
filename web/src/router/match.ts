// Matching a path against a route pattern such as `/projects/:id`.

export type Params = Record<string, string>;

/** The pattern's `:name` parts taken from `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i];
    if (part.startsWith(":")) {
      try {
        params[part.slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (part !== have[i]) {
      return null;
    }
  }
  return params;
}

function split(path: string): string[] {
  return path.split("/").filter((part) => part !== "");
}
