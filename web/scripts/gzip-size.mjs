// How the builds report what a browser downloads: gzip at level 9 (what a
// server's compression gets at best), in KB of 1,024 bytes with one decimal.
// scripts/widget-size.mjs (the widget) and scripts/app-size.mjs (the app) share it.
import { gzipSync } from "node:zlib";

/** The bytes' gzip size at level 9. */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Bytes as KB with one decimal. */
export const kb = (bytes) => (bytes / 1024).toFixed(1);
