import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { ensureCParser } from "../../node/c-parser-node.js";
import { loadProgram } from "../../driver/load-program.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { memoryHost } from "../../source/host.js";
import { parseC } from "./parse-c.js";

/**
 * Robustness of the preprocessor and the C front end: mutated programs
 * (tokens deleted, files truncated, random bytes and C fragments inserted,
 * lines swapped) never crash or hang, never hit an internal error, and
 * every error is a diagnostic with a position.
 */
before(() => ensureCParser());

const golden = (p: string) => readFileSync(new URL(`../../../test/golden/${p}`, import.meta.url), "utf8");
const SMALL = `#include <stdio.h>
#define N 10
#define A(i, j) a[(j) * N + (i)]
#define STR(x) #x
#define CAT(a, b) a ## b
typedef struct { double re, im; } cplx;
static double a[N * N];
main(argc, argv) int argc; char **argv;
{
  int i, j; cplx z[N];
#if N > 5
  for (i = 0; i < N; i++) for (j = N - 1; j >= 0; j--) A(i, j) = z[i].re;
#else
  while (i < N) i++;
#endif
  switch (argc) { case 1: puts(STR(one)); break; default: goto out; }
out:
  do { i--; } while (i > 0 && CAT(a, )[i] > 0);
  return 0;
}
`;
const SEEDS: [string, string][] = [
  ["kernels.c", golden("c/kernels.c")],
  ["small.c", SMALL],
];
const files = { "inc/kernel.h": golden("c/inc/kernel.h"), "inc/sizes.h": golden("fortran-cpp/inc/sizes.h") };

/** FC_SEED=... FC_PATH=... replays a failure fast-check reported. */
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}), endOnFailure: true } : {};

type Mutation = (s: string) => string;
const at = fc.double({ min: 0, max: 1, noNaN: true });
const insert = (f: number, frag: string) => (s: string) => {
  const i = Math.floor(s.length * f);
  return s.slice(0, i) + frag + s.slice(i);
};
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  at.map((f) => (s: string) => s.slice(0, Math.floor(s.length * f))),
  at.map((f) => (s: string) => {
    const i = Math.floor(s.length * f);
    const m = /^(\w+|.)/s.exec(s.slice(i));
    return s.slice(0, i) + s.slice(i + (m ? m[0].length : 1));
  }),
  fc.tuple(at, fc.string({ unit: "binary", minLength: 1, maxLength: 6 })).map(([f, junk]) => insert(f, junk)),
  fc.tuple(at, fc.constantFrom("(", ")", "{", "}", "[", "'", '"', "/*", "*/", "\\\n", "\n#", "\n#if 1\n", "\n#endif\n", "\n#define X(a) X(a) a\n", "##", "#", "A(", ",", ";", "for (", "while (", "do ", "typedef int T;", "T (*p)[N];", "&", "->", "...", "__VA_ARGS__", "\n#include \"inc/kernel.h\"\n", "\n#include __FILE__\n")).map(([f, frag]) => insert(f, frag)),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (s: string) => {
    const ls = s.split("\n");
    if (ls.length < 2) return s;
    const i = a % ls.length;
    const j = b % ls.length;
    [ls[i], ls[j]] = [ls[j]!, ls[i]!];
    return ls.join("\n");
  }),
);

function checkDiagnostics(ds: Diagnostic[]): void {
  for (const d of ds) {
    assert.ok(d.id !== "c.internal", `internal error: ${d.message}`);
    if (d.severity !== "error") continue;
    assert.ok(d.span, `error without a position: ${d.message}`);
    assert.ok(d.span.line >= 1 && d.span.column >= 1, `bad position for: ${d.message}`);
  }
}

test("mutated C programs: no crash, no hang, every error has a position", () => {
  fc.assert(
    fc.property(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 4 }), ([name, src], muts) => {
      const text = muts.reduce((s, m) => m(s), src);
      const t0 = performance.now();
      const p = parseC(name, text, memoryHost({ [name]: text, ...files }), { includeDirs: ["inc"] });
      // A hang detector, not a performance check: these files take milliseconds.
      assert.ok(performance.now() - t0 < 5000, "C front end took over 5 s on a small file");
      checkDiagnostics(p.diagnostics);
    }),
    { numRuns: 300, ...replay },
  );
});

test("random bytes as C: positioned diagnostics only", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
      checkDiagnostics(parseC("r.c", text, memoryHost({ "r.c": text })).diagnostics);
    }),
    { numRuns: 200 },
  );
});

test("mutated preprocessed Fortran: no crash, every error has a position", () => {
  const src = golden("fortran-cpp/stencil.F90");
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (muts) => {
      const text = muts.reduce((s, m) => m(s), src);
      const l = loadProgram("m.F90", memoryHost({ "m.F90": text, ...files }), { includeDirs: ["inc"] });
      checkDiagnostics([...l.diagnostics, ...(l.program?.diagnostics ?? [])]);
    }),
    { numRuns: 150 },
  );
});

test("deep nesting is a diagnostic, not a stack overflow", () => {
  const deep = `int f(void) { return ${"(".repeat(20000)}1${")".repeat(20000)}; }\n`;
  const p = parseC("d.c", deep, memoryHost({}));
  checkDiagnostics(p.diagnostics);
  const macro = `#define F(x) F(x) + F(x)\nint y = F(F(F(F(F(F(F(F(1))))))));\n`;
  checkDiagnostics(parseC("m.c", macro, memoryHost({})).diagnostics);
});
