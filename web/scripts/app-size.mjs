// Prints what a browser downloads for the app after `vite build`, in the
// widget's words (scripts/widget-size.mjs): the first paint (the entry chunk,
// the chunks it imports, their CSS and the wasm they load) and what is loaded
// when first needed (dynamic imports: the lazy and URL rules; in all, then
// each import with what it brings), each as a gzip total
// split into js, wasm and css, then every file of at least 1 KB gzip. Fonts
// are left out: a page fetches only the subsets its text uses.
import { gzipSize, kb } from "./gzip-size.mjs";

const LISTED_FROM = 1024;

/** `N KB gzip (M KB raw)`. */
const size = ({ gzip, raw }) => `${kb(gzip)} KB gzip (${kb(raw)} KB raw)`;

/** The chunks reachable from `roots` through static imports. */
function closure(bundle, roots) {
  const seen = new Set();
  const visit = (name) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== "chunk") return;
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/** The files `chunks` bring: themselves, their CSS, and the wasm their code names. */
function files(bundle, chunks) {
  const wasm = Object.values(bundle).filter((f) => f.type === "asset" && f.fileName.endsWith(".wasm"));
  const out = new Map();
  for (const name of chunks) {
    const chunk = bundle[name];
    out.set(name, chunk.code);
    for (const css of chunk.viteMetadata?.importedCss ?? []) out.set(css, bundle[css].source);
    for (const asset of wasm) if (chunk.code.includes(asset.fileName)) out.set(asset.fileName, asset.source);
  }
  return [...out].map(([name, source]) => {
    const bytes = typeof source === "string" ? Buffer.from(source) : source;
    return { name, type: name.split(".").pop(), raw: bytes.length, gzip: gzipSize(bytes) };
  });
}

function report(label, group, listFiles = true) {
  const sum = (list) => list.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  const types = ["js", "wasm", "css"].filter((type) => group.some((f) => f.type === type));
  const parts = types.map((type) => `${type} ${size(sum(group.filter((f) => f.type === type)))}`);
  console.log(`web: ${label} ${size(sum(group))}: ${parts.join(", ")}`);
  if (!listFiles) return;
  const listed = group.filter((f) => f.gzip >= LISTED_FROM).sort((a, b) => b.gzip - a.gzip);
  for (const f of listed) console.log(`web:   ${f.name} ${size(f)}`);
  const rest = group.length - listed.length;
  if (rest > 0) console.log(`web:   and ${rest} file${rest === 1 ? "" : "s"} under ${kb(LISTED_FROM)} KB gzip`);
}

/**
 * The Vite plugin that prints the sizes at the end of the build, after Vite's own list.
 * @returns {import("vite").Plugin}
 */
export function appSize() {
  let groups = [];
  return {
    name: "dastyar-app-size",
    apply: "build",
    writeBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((f) => f.type === "chunk" && f.isEntry);
      const first = closure(bundle, entries.map((c) => c.fileName));
      const dynamic = [...new Set([...first].flatMap((name) => bundle[name].dynamicImports))];
      const lazy = [...closure(bundle, dynamic)].filter((name) => !first.has(name));
      groups = [["first paint", files(bundle, first)]];
      if (lazy.length > 0) groups.push(["loaded when first needed", files(bundle, lazy)]);
      // Each import apart too: the rules' lazy and URL modules come at different moments.
      for (const root of dynamic) {
        const own = [...closure(bundle, [root])].filter((name) => !first.has(name));
        if (own.length > 0 && dynamic.length > 1) groups.push([`  of which ${root}`, files(bundle, own), false]);
      }
    },
    closeBundle() {
      for (const [label, group, listFiles] of groups) report(label, group, listFiles);
    },
  };
}
