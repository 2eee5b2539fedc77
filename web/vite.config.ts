/// <reference types="vitest/config" />
// Vite builds the app into dist/ (the server serves it at `/`) and prints what a
// browser downloads (scripts/app-size.mjs); vitest runs the logic tests with the
// same plugins, so the wasm rules load in both.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";
import { appSize } from "./scripts/app-size.mjs";

const rulesBuild = (file: string) => fileURLToPath(new URL(`../wasm/pkg/bundler/${file}`, import.meta.url));

// The dev server hands API calls to a `dastyar` running on its default address.
const api = { "/api": { target: "http://127.0.0.1:8080", changeOrigin: false } };

export default defineConfig({
  plugins: [react(), wasm(), appSize()],
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
    // exact matches, since a plain "@dastyar/rules" would also rewrite ".../lazy".
    alias: [
      { find: /^@dastyar\/rules$/, replacement: rulesBuild("dastyar_wasm.js") },
      { find: /^@dastyar\/rules\/lazy$/, replacement: rulesBuild("dastyar_wasm_lazy.js") },
    ],
    restoreMocks: true,
  },
});
