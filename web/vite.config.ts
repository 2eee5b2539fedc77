/// <reference types="vitest/config" />
// Vite builds the app into dist/ (the server serves it at `/`) and prints what a
// browser downloads (scripts/app-size.mjs); vitest runs the logic tests with the
// same plugins, so the wasm rules load in both.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import wasm from "vite-plugin-wasm";
import { appSize } from "./scripts/app-size.mjs";

const rulesBuild = (file: string) => fileURLToPath(new URL(`../wasm/pkg/bundler/${file}`, import.meta.url));

/**
 * A preload in index.html for the wasm the first paint needs: the entry chunk
 * fetches it only once it runs, so without one the wasm waits for the whole of
 * the JavaScript to download first. Matches the helper's `fetch` (CORS mode,
 * same-origin credentials), so the browser fetches it once.
 */
function preloadFirstPaintWasm(): Plugin {
  return {
    name: "dastyar-preload-wasm",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const statics = [chunk, ...chunk.imports.map((name) => bundle[name])];
        const code = statics.map((c) => (c?.type === "chunk" ? c.code : "")).join("\n");
        return Object.values(bundle)
          .filter((f) => f.type === "asset" && f.fileName.endsWith(".wasm") && code.includes(f.fileName))
          .map((f) => ({
            tag: "link",
            attrs: { rel: "preload", href: `/${f.fileName}`, as: "fetch", type: "application/wasm", crossorigin: "" },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

// The dev server hands API calls to a `dastyar` running on its default address.
const api = { "/api": { target: "http://127.0.0.1:8080", changeOrigin: false } };

export default defineConfig({
  plugins: [react(), wasm(), preloadFirstPaintWasm(), appSize()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The wasm module is an ES module with top-level await.
    target: "es2022",
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "widget/**/*.test.ts", "shared/**/*.test.ts"],
    environment: "node",
    // The same build of the rules the browser gets (wasm-bindgen's bundler target,
    // loaded by vite-plugin-wasm), in the node and happy-dom environments alike;
    // exact matches, since a plain "@dastyar/rules" would also rewrite ".../lazy" and ".../urls".
    alias: [
      { find: /^@dastyar\/rules$/, replacement: rulesBuild("dastyar_wasm.js") },
      { find: /^@dastyar\/rules\/lazy$/, replacement: rulesBuild("dastyar_wasm_lazy.js") },
      { find: /^@dastyar\/rules\/urls$/, replacement: rulesBuild("dastyar_wasm_urls.js") },
    ],
    restoreMocks: true,
  },
});
