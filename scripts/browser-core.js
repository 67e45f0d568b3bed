#!/usr/bin/env node
// Bundles doall's public core (src/index.ts) for the browser, as a user of
// the package would load it in a page, and checks on the way that it needs
// nothing from Node (the playground's build, web/build.js, uses the same check). Run directly, it writes dist/doall.browser.js and prints the
// size (minified and gzipped); test/browser-core.test.ts builds it in memory.
//
// The one exception, by design of web-tree-sitter (the C parser's runtime):
// its ESM build has two dynamic imports of Node modules ("module" and
// "fs/promises"), each behind its own check that it runs in Node. A
// browser never reaches them, so they resolve to empty modules here, as
// webpack's `resolve.fallback: { fs: false }` does. Any other Node import,
// from doall or a dependency, fails the build.
import { build } from "esbuild";
import { builtinModules } from "node:module";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The Node imports web-tree-sitter makes behind its `ENVIRONMENT_IS_NODE` / `process.versions.node` checks. */
export const GUARDED_NODE_IMPORTS = ["fs/promises", "module"];

const NODE = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * The esbuild plugin that keeps Node out of a browser bundle: any Node
 * import fails the build, but web-tree-sitter's guarded ones, which
 * resolve to empty modules and are pushed to `stubbed`. The playground's
 * build (web/build.js) uses it too.
 */
export function noNodePlugin(stubbed = []) {
  return {
    name: "no-node",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!NODE.has(args.path)) return undefined;
        const fromTreeSitter = /[\\/]node_modules[\\/]web-tree-sitter[\\/]/.test(args.importer);
        if (fromTreeSitter && GUARDED_NODE_IMPORTS.includes(args.path) && args.kind === "dynamic-import") {
          stubbed.push(args.path);
          return { path: args.path, namespace: "node-stub" };
        }
        return { errors: [{ text: `${args.importer} imports the Node module '${args.path}': the core must run in a browser (DESIGN.md)` }] };
      });
      b.onLoad({ filter: /.*/, namespace: "node-stub" }, () => ({ contents: "export {};", loader: "js" }));
    },
  };
}

/**
 * Builds the browser core. `format`: "esm" (what a page imports) or "iife"
 * (a script that sets the global `doall`, for node:vm in the test).
 * Returns the code, esbuild's metafile and the Node imports stubbed.
 */
export async function buildBrowserCore({ format = "esm", minify = true } = {}) {
  const stubbed = [];
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/index.ts"],
    bundle: true,
    platform: "browser",
    format,
    ...(format === "iife" ? { globalName: "doall" } : {}),
    target: "es2022",
    minify,
    write: false,
    metafile: true,
    logLevel: "silent",
    // An iife has no import.meta; web-tree-sitter only reads it to find its own wasm when no bytes are given.
    logOverride: { "empty-import-meta": "silent" },
    plugins: [noNodePlugin(stubbed)],
  });
  const code = result.outputFiles[0].text;
  return { code, metafile: result.metafile, stubbed: [...new Set(stubbed)].sort() };
}

/** Bytes of the code, and gzipped at the default level (what a server sends). */
export function sizes(code) {
  const bytes = Buffer.byteLength(code);
  return { bytes, gzip: gzipSync(code).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { code } = await buildBrowserCore();
  writeFileSync(`${root}dist/doall.browser.js`, code);
  const s = sizes(code);
  console.log(`dist/doall.browser.js: ${(s.bytes / 1024).toFixed(0)} KiB minified, ${(s.gzip / 1024).toFixed(0)} KiB gzipped`);
}
