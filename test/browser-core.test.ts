import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { buildBrowserCore, GUARDED_NODE_IMPORTS, sizes } from "../scripts/browser-core.js";
import { parallelize } from "../src/index.js";

/**
 * Issue 18: the same `parallelize` runs in a browser. The public core
 * (src/index.ts) is bundled for platform=browser, which fails on any Node
 * import (scripts/browser-core.js), and the bundle runs in a node:vm
 * context that has only the JavaScript built-ins: no process, require,
 * Buffer, module or file system. It must give what the core gives in Node.
 */

const files = [
  {
    path: "src/heat.f",
    text: `      subroutine heat(n, u, v, s)
      include 'params.h'
      integer n, i
      double precision u(n), v(n), s
      s = 0d0
      do i = 2, n - 1
         v(i) = u(i) + c * (u(i-1) - 2d0 * u(i) + u(i+1))
         s = s + v(i)
      end do
      do i = 2, n
         u(i) = u(i-1) + v(i)
      end do
      end
`,
  },
  { path: "src/params.h", text: "      double precision c\n      parameter (c = 0.25d0)\n" },
];

test("the public core bundles for the browser with no Node import and runs parallelize without Node globals", async (t) => {
  const esm = await buildBrowserCore({ format: "esm" });
  // Only web-tree-sitter's two imports behind its own Node check are stubbed; nothing is left to import.
  assert.deepEqual(esm.stubbed, [...GUARDED_NODE_IMPORTS].sort());
  for (const out of Object.values(esm.metafile.outputs)) assert.deepEqual(out.imports, []);
  const s = sizes(esm.code);
  t.diagnostic(`browser core (ESM, minified): ${(s.bytes / 1024).toFixed(0)} KiB, ${(s.gzip / 1024).toFixed(0)} KiB gzipped`);
  // A guard against dragging something large in by mistake (it is about 500 KiB today).
  assert.ok(s.bytes < 1024 * 1024, `the browser core is ${s.bytes} bytes`);

  const iife = await buildBrowserCore({ format: "iife" });
  const context = vm.createContext({});
  vm.runInContext(iife.code, context, { filename: "doall.browser.js" });
  const probe = vm.runInContext("[typeof process, typeof require, typeof Buffer, typeof module, typeof doall.parallelize]", context) as string[];
  assert.deepEqual([...probe], ["undefined", "undefined", "undefined", "undefined", "function"]);

  context.files = files;
  const inBrowser = JSON.parse(vm.runInContext("JSON.stringify(doall.parallelize(files))", context) as string);
  const inNode = parallelize(files);
  assert.deepEqual(inBrowser, JSON.parse(JSON.stringify(inNode)));
  // The first loop is a sum reduction, the second a recurrence.
  assert.match(inBrowser.files[0].text, /!\$omp parallel do .*reduction\(\+:s\)/);
  assert.deepEqual(
    inBrowser.report.files[0].loops.map((l: { line: number; parallel: boolean }) => [l.line, l.parallel]),
    [
      [6, true],
      [10, false],
    ],
  );

  // C needs the parser's wasm first: a clear error, not a crash deep in tree-sitter.
  assert.throws(() => vm.runInContext(`doall.parallelize([{ path: "a.c", text: "int main(void) { return 0; }" }])`, context), /a\.c is C, and the C parser is not loaded: await initCParser/);
});
