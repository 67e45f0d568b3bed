#!/usr/bin/env node
// A static file server for the built playground, on the loopback address
// only: `npm run web:serve` (after building) and the browser test use it.
// Usage: node web/serve.js [DIR] [--port N]   (default web/dist, port 8080)
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
};

/**
 * Serves `dir` on 127.0.0.1 (`port` 0: any free port). Only GET and HEAD
 * of files under `dir`; "/" is index.html. Resolves to the base URL and
 * a `close()` that stops it.
 */
export function serveStatic(dir, { port = 0 } = {}) {
  const base = normalize(dir + sep);
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(base, path === "/" ? "index.html" : path));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-length": body.length, "cache-control": "no-cache" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: p } = server.address();
      resolve({ url: `http://127.0.0.1:${p}/`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--port");
  const port = at >= 0 ? Number(args.splice(at, 2)[1]) : 8080;
  const dir = args[0] ?? fileURLToPath(new URL("dist", import.meta.url));
  const { url } = await serveStatic(dir, { port });
  console.log(`doall playground: ${url}  (Ctrl-C stops)`);
}
