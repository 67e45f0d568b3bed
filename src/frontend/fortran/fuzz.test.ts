import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { memoryHost } from "../../source/host.js";
import { parseFortran } from "./parse-fortran.js";

/**
 * Robustness: mutated programs (tokens deleted, files truncated, random
 * bytes inserted, lines shuffled) must never crash or hang the front end,
 * and every error must be a diagnostic with a position.
 */
const golden = (name: string) => readFileSync(new URL(`../../../test/golden/fortran/${name}`, import.meta.url), "utf8");
const SEEDS: [string, string][] = [
  ["a.f", golden("fixed-form.f")],
  ["b.f90", golden("free-form.f90")],
];
const host = memoryHost({ "sizes.h": golden("inc/sizes.h") });

type Mutation = (s: string) => string;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // Truncate.
  fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (s: string) => s.slice(0, Math.floor(s.length * f))),
  // Delete a "token": a run of word characters or one punctuation character.
  fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (s: string) => {
    const i = Math.floor(s.length * f);
    const m = /^(\w+|.)/s.exec(s.slice(i));
    return s.slice(0, i) + s.slice(i + (m ? m[0].length : 1));
  }),
  // Insert random characters (printable, control, non-ASCII).
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.string({ unit: "binary", minLength: 1, maxLength: 6 })).map(([f, junk]) => (s: string) => {
    const i = Math.floor(s.length * f);
    return s.slice(0, i) + junk + s.slice(i);
  }),
  // Insert a Fortran-ish fragment that may unbalance the structure.
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom("(", ")", "'", '"', "&", "\n     &", "\nend\n", "\n      do 10 i=1,\n", " then\n", "\n      endif\n", "::", ".and.", "*", "/", "\n10    continue\n")).map(
    ([f, frag]) =>
      (s: string) => {
        const i = Math.floor(s.length * f);
        return s.slice(0, i) + frag + s.slice(i);
      },
  ),
  // Swap two lines.
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (s: string) => {
    const ls = s.split("\n");
    if (ls.length < 2) return s;
    const i = a % ls.length;
    const j = b % ls.length;
    [ls[i], ls[j]] = [ls[j]!, ls[i]!];
    return ls.join("\n");
  }),
);

test("mutated programs: no crash, no hang, every error has a position", () => {
  fc.assert(
    fc.property(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 4 }), ([name, src], muts) => {
      const text = muts.reduce((s, m) => m(s), src);
      const t0 = performance.now();
      const p = parseFortran(name, text, host, { includeDirs: ["."] });
      // A hang detector, not a performance check: these files parse in milliseconds.
      assert.ok(performance.now() - t0 < 5000, "front end took over 5 s on a small file");
      for (const d of p.diagnostics) {
        if (d.severity !== "error") continue;
        assert.ok(d.span, `error without a position: ${d.message}`);
        assert.ok(d.span.line >= 1 && d.span.column >= 1, `bad position for: ${d.message}`);
      }
    }),
    { numRuns: 400 },
  );
});

test("random bytes are rejected with positioned diagnostics", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 400 }), fc.constantFrom("r.f", "r.f90"), (text, name) => {
      const p = parseFortran(name, text, host);
      for (const d of p.diagnostics) if (d.severity === "error") assert.ok(d.span && d.span.line >= 1);
    }),
    { numRuns: 300 },
  );
});
