import { test } from "node:test";
import assert from "node:assert/strict";
import type { DepsFileReport, LoopReport } from "../../src/index.js";
import { loopGraphDot } from "../../web/src/graph-dot.js";
import { overLimitAt, parseDefines } from "../../web/src/languages.js";
import { decodeState, encodeState, type PageState } from "../../web/src/url-state.js";
import { loopAt, verdictOf } from "../../web/src/verdicts.js";

/** The playground's logic that needs no browser: options, limits, verdicts, the link, the graph's DOT. */

test("-D as typed: NAME, NAME=VALUE, -DNAME, separated by blanks or commas; anything else is an error", () => {
  assert.deepEqual(parseDefines(" N=100, DEBUG  -DM=2*N "), { defines: { N: "100", DEBUG: "1", M: "2*N" } });
  assert.deepEqual(parseDefines(""), { defines: {} });
  assert.deepEqual(parseDefines("N=1 2x"), { error: "-D 2x: not NAME or NAME=VALUE" });
});

test("the size limit is placed at the line and column of the first character past it", () => {
  assert.equal(overLimitAt("abc", 3), null);
  assert.deepEqual(overLimitAt("abcd", 3), { line: 1, column: 4 });
  assert.deepEqual(overLimitAt("ab\ncd\nef", 4), { line: 2, column: 2 });
  assert.deepEqual(overLimitAt("ab\ncd\nef", 6), { line: 3, column: 1 });
  assert.deepEqual(overLimitAt("ab\n".repeat(1000), 2999), { line: 1000, column: 3 });
});

function loop(over: Partial<LoopReport>): LoopReport {
  return { line: 1, endLine: 3, file: "main.f", procedure: "p", index: "i", lower: "1", upper: "n", step: null, condition: null, form: "do", depth: 1, parent: null, candidate: true, ...over };
}

test("verdicts come from the report's fields: parallel, run-time check, serial", () => {
  assert.deepEqual(verdictOf(loop({ parallel: true, emitted: true, runtimeCheck: null })), { line: 1, endLine: 3, verdict: "parallel", emitted: true, summary: "line 1: parallel: directive written" });
  const inner = verdictOf(loop({ parallel: true, emitted: false, reasons: [{ kind: "nested", message: "the enclosing loop at line 1 runs in parallel" } as never] }));
  assert.equal(inner.summary, "line 1: parallel, no directive: nested: the enclosing loop at line 1 runs in parallel");
  const rt = verdictOf(loop({ parallel: false, emitted: true, runtimeCheck: "m >= n" }));
  assert.deepEqual([rt.verdict, rt.summary], ["runtime", "line 1: parallel when m >= n (checked at run time): directive written"]);
  const serial = verdictOf(loop({ parallel: false, emitted: false, runtimeCheck: null, reasons: [{ kind: "flow", var: "a", message: "dependence at a constant distance" } as never] }));
  assert.deepEqual([serial.verdict, serial.summary], ["serial", "line 1: serial: flow (a): dependence at a constant distance"]);
  // Pipelined under a flag: not "parallel when .not. trace", which would say its iterations are independent.
  const piped = verdictOf(loop({ parallel: false, emitted: true, runtimeCheck: ".not. trace", doacross: { from: 5, to: 7 } }));
  assert.deepEqual([piped.verdict, piped.summary], ["serial", "line 1: pipelined (ordered): lines 5-7 run in iteration order, the rest of each iteration in parallel while .not. trace: directive written"]);
});

test("the loop under the cursor is the innermost one around its line", () => {
  const loops = [loop({ line: 2, endLine: 10 }), loop({ line: 3, endLine: 5 }), loop({ line: 6, endLine: 9 })];
  assert.deepEqual([1, 2, 4, 5, 6, 10, 11].map((l) => loopAt(loops, l)?.line), [undefined, 2, 3, 3, 6, 2, undefined]);
});

test("the page's state goes through the link and back; a damaged link is said so", async () => {
  const s: PageState = { lang: "free-cpp", code: "program p\n  x = 'é' // \"\\\"\nend\n".repeat(50), bounds: false, defines: "N=3", view: "diff" };
  const enc = await encodeState(s);
  assert.match(enc, /^s=[A-Za-z0-9_-]+$/);
  assert.ok(enc.length < s.code.length / 4, "deflated");
  assert.deepEqual(await decodeState(`#${enc}`), s);
  assert.deepEqual(await decodeState(`#${enc.slice(0, enc.length / 2)}`), { error: "the link's state is damaged (cut short?)" });
  assert.deepEqual(await decodeState("#foo"), { error: "the link's state is not of the form #s=..." });
});

test("the graph's DOT: one arrow per pair of lines, inner loops' indices left out, labels escaped", () => {
  const report: DepsFileReport = {
    file: "main.f90",
    procedures: [
      {
        name: "p",
        line: 1,
        unanalyzable: null,
        hidden: { arrays: 0, indices: 0 },
        edges: [
          { kind: "flow", var: "a", source: { line: 4 }, sink: { line: 4 }, carrier: 2, definite: true, array: true, direction: ["<", "="], distance: [1, 0], test: "siv" },
          { kind: "anti", var: "a", source: { line: 4 }, sink: { line: 4 }, carrier: null, definite: false, array: true },
          { kind: "output", var: "j", source: { line: 3, via: "loop init" }, sink: { line: 3, via: "loop init" }, carrier: 2, definite: true },
        ],
        loops: [
          { line: 2, endLine: 6, index: "i", depth: 1, parent: null, method: "structured", scalars: [], sets: { mod: [], use: [], ddef: [], euse: [], liveAfter: [] } },
          { line: 3, endLine: 5, index: "j", depth: 2, parent: 2, method: "structured", scalars: [], sets: { mod: [], use: [], ddef: [], euse: [], liveAfter: [] } },
        ],
      },
    ],
  };
  const source = ["", "do i = 1, n", "  do j = 1, n", '    a(i, j) = a(i-1, j) // "\\x"', "  end do", "end do"];
  const g = loopGraphDot(report, 2, source);
  assert.ok(!("tooLarge" in g));
  assert.equal(g.edges, 2);
  assert.equal(g.innerIndices, 1);
  assert.match(g.dot, /n4 \[label="4: a\(i, j\) = a\(i-1, j\) \/\/ \\"\\\\x\\"", id="line-4"\];/);
  const arrows = g.dot.split("\n").filter((l) => l.includes("->"));
  assert.equal(arrows.length, 1);
  assert.match(arrows[0]!, /label=<<font color="black">flow a \(&lt;,=\) d=1,0 @2<\/font><br\/><font color="blue">anti a<\/font>>/);
  assert.match(arrows[0]!, /style="dashed,bold"/);
  assert.doesNotMatch(g.dot, /n3/);
});
