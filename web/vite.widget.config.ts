// The website chat widget, built apart from the app (no React, no wasm) into
// dist/widget/ with stable names, since site owners paste the loader's URL:
// widget.js (the loader, an IIFE with no imports), chat.js (the chat page's
// script, an IIFE) and chat.css. The app's files in dist/ are left in place.
// Two environments because an IIFE has one entry; `npm run build` then checks
// the gzip budget with scripts/widget-size.mjs.
import { defineConfig, type BuildEnvironmentOptions } from "vite";

const OUT = "dist/widget";

function iife(entry: string, name: string, ascii = false): { consumer: "client"; build: BuildEnvironmentOptions } {
  return {
    // A browser script (an environment other than "client" defaults to the server's).
    consumer: "client",
    build: {
      outDir: OUT,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: {
        entry: `widget/${entry}.ts`,
        name,
        formats: ["iife"],
        fileName: () => `${entry === "loader" ? "widget" : entry}.js`,
        cssFileName: entry,
      },
      // The loader runs in pages of any encoding, served perhaps without a
      // charset: its Persian words go out as \u escapes. The chat page is UTF-8.
      rolldownOptions: ascii ? { output: { charset: "ascii" } } : {},
    },
  };
}

export default defineConfig({
  publicDir: false,
  environments: {
    loader: iife("loader", "DastyarWidget", true),
    chat: iife("chat", "DastyarChat"),
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.loader);
      await builder.build(builder.environments.chat);
    },
  },
});
