#!/usr/bin/env node
// Builds the playground, a static site (issue 18 §3): `npm run web` writes
// web/dist/ (index.html, style.css, the page's script, the analysis worker,
// the Graphviz worker and the two wasm files of the C parser). Any static
// file server can serve it; `npm run web:serve` builds it and serves it on
// http://127.0.0.1:8080 (browsers do not run module workers from file://).
//
// The core is bundled from src/index.ts (the public library: the page
// imports "doall" and nothing deeper) with the same guard as the browser
// core (scripts/browser-core.js): a Node import anywhere fails the build.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { noNodePlugin } from "../scripts/browser-core.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = join(root, "web");

/** The site's scripts: the page, and each worker in its own file (a module worker is loaded by URL). */
const ENTRIES = { app: "web/src/main.ts", "analysis-worker": "web/src/analysis-worker.ts", "graph-worker": "web/src/graph-worker.ts" };
/** Copied as they are: the page, its style, and the C parser's wasm (initCParser takes their bytes). */
const ASSETS = [
  ["web/index.html", "index.html"],
  ["web/style.css", "style.css"],
  ["node_modules/web-tree-sitter/tree-sitter.wasm", "tree-sitter.wasm"],
  ["node_modules/tree-sitter-c/tree-sitter-c.wasm", "tree-sitter-c.wasm"],
];

/**
 * Builds the site into `outdir` (emptied first) and returns the size of
 * each file, raw and gzipped (what a server sends), with the JS+wasm total.
 */
export async function buildSite({ outdir = join(web, "dist"), minify = true } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify,
    sourcemap: false,
    logLevel: "silent",
    // The page uses doall's public API only, as a user of the package would.
    alias: { doall: "./src/index.ts" },
    // The example programs are files of their own, imported as text.
    loader: { ".f": "text", ".f90": "text", ".c": "text", ".F90": "text" },
    define: { DOALL_VERSION: JSON.stringify(version) },
    plugins: [noNodePlugin()],
  });
  for (const [from, to] of ASSETS) copyFileSync(join(root, from), join(outdir, to));
  return siteSizes(outdir);
}

/** Each file of the site with its bytes raw and gzipped, and the totals of its JS and wasm. */
export function siteSizes(outdir) {
  const files = readdirSync(outdir)
    .filter((f) => statSync(join(outdir, f)).isFile())
    .sort()
    .map((name) => {
      const data = readFileSync(join(outdir, name));
      return { name, bytes: data.length, gzip: gzipSync(data).length };
    });
  const code = files.filter((f) => /\.(js|wasm)$/.test(f.name));
  const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
  return { files, jsWasm: { bytes: sum(code, "bytes"), gzip: sum(code, "gzip") } };
}

export function sizeTable(s) {
  const kb = (n) => `${(n / 1024).toFixed(0)} KiB`.padStart(10);
  const rows = s.files.map((f) => `  ${f.name.padEnd(22)}${kb(f.bytes)}${kb(f.gzip)} gzip`);
  return [...rows, `  ${"JS + wasm".padEnd(22)}${kb(s.jsWasm.bytes)}${kb(s.jsWasm.gzip)} gzip`].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outdir = process.argv[2] ?? join(web, "dist");
  const s = await buildSite({ outdir });
  writeFileSync(join(outdir, "sizes.txt"), sizeTable(s) + "\n");
  console.log(`playground built in ${outdir}:\n${sizeTable(s)}`);
}
