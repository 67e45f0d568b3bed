import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkExpectations, checkTransformedProgram, emittedLoops, formatReport, loadCorpus, loopSites, programFiles, requireCompiler, run, runE2E, sameRun, serialReference, compile, type E2EProgram, type ExpectedClauses, type LoopSite } from "./harness.js";
import { markerProblems } from "./lib/marker-coverage.js";
import { insertDirectives, NO_CLAUSES, oracleRounds, oracleTransform } from "./oracle.js";

/**
 * The end-to-end suite: every corpus program is run serially (twice, to
 * show its output is deterministic, so that a later difference is a
 * race), then parallelized by the oracle (the directives an expert would
 * write, read off the markers, through the real emitters) and checked at
 * 1, 2 and 4 threads; finally wrong directives on loops marked serial
 * must be caught. Once `doall parallelize` exists, its tests call
 * runE2E(program, transform) over the same corpus.
 */
const corpus = loadCorpus();
const sites = new Map<string, LoopSite[]>(corpus.map((p) => [p.name, loopSites(p.path, p.text, p.lang)]));
const sitesOf = (p: E2EProgram) => sites.get(p.name)!;

test("gfortran and gcc are installed (CI installs gfortran; locally: apt-get install -y gfortran)", async () => {
  await requireCompiler("fortran");
  await requireCompiler("c");
});

describe("corpus", () => {
  test("at least 44 programs: at least 22 in each language (Fortran fixed and free form, C; C has more, for its pointers)", () => {
    const fortran = corpus.filter((p) => p.lang === "fortran");
    const c = corpus.filter((p) => p.lang === "c");
    assert.ok(corpus.length >= 44, `${corpus.length} programs`);
    assert.ok(fortran.length >= 22 && c.length >= 22, `${fortran.length} Fortran, ${c.length} C`);
    assert.ok(c.length >= fortran.length, "C programs cover what Fortran programs do, and pointers");
    assert.ok(fortran.filter((p) => p.path.endsWith(".f")).length >= 8, "fixed-form programs");
    assert.ok(fortran.filter((p) => p.path.endsWith(".f90")).length >= 8, "free-form programs");
  });

  test("every loop has a marker on the line before it, and every marker is before a loop", () => {
    assert.deepEqual(corpus.flatMap((p) => markerProblems(p, sitesOf(p))), []);
  });

  test("each language has loops of every verdict, and a program with a tolerance", () => {
    for (const lang of ["fortran", "c"] as const) {
      const ps = corpus.filter((p) => p.lang === lang);
      for (const v of ["parallel", "either", "serial", "runtime"]) assert.ok(ps.some((p) => p.expectations.some((x) => x.verdict === v)), `${lang}: no ${v} loop`);
      assert.ok(ps.some((p) => p.tolerance !== undefined), `${lang}: no program declares a tolerance`);
    }
  });
});

describe("serial programs exit 0 and print the same output twice", { concurrency: true }, () => {
  for (const p of corpus) {
    test(p.name, async () => {
      const first = await serialReference(p);
      assert.equal(first.status, 0, `${p.name} failed: ${first.stderr}`);
      assert.ok(first.stdout.trim().length > 0, "prints nothing");
      // An independent second run of the same binary (the reference is cached).
      const c = await compile(p.lang, programFiles(p), { openmp: true });
      assert.ok(c.ok);
      const second = await run(c.exe, { threads: 1 });
      const same = sameRun(first, second);
      assert.ok(same.equal, `not deterministic: ${same.detail}`);
    });
  }
});

describe("oracle: directives on the loops marked parallel, run with 1, 2 and 4 threads", { concurrency: true }, () => {
  for (const p of corpus) {
    test(p.name, async () => {
      const r = await runE2E(p, () => oracleTransform(p, ["parallel"], sitesOf(p)));
      assert.ok(r.ok, formatReport(r));
      // Reading the directives back finds exactly the marked loops with the marked clauses.
      assert.deepEqual(r.emitted.map((e) => e.line), p.expectations.filter((x) => x.verdict === "parallel").map((x) => x.loopLine));
      assert.deepEqual(r.expectations.missed, []);
      assert.deepEqual(r.expectations.clauseDifferences, []);
      assert.equal(r.run.text.identical, true);
    });
  }
});

/*
 * Markers on inner loops (`either` in a parallel nest) are only exercised
 * when no enclosing loop has a directive (a nested region runs with one
 * thread), so the safe loops are checked in rounds, outermost first. Two
 * threads show a wrong marker as well as four do, at half the cost of the
 * many small parallel regions of inner loops.
 */
describe("oracle rounds: every loop marked parallel, either or runtime, with no directive around it", { concurrency: true }, () => {
  for (const p of corpus) {
    test(p.name, async () => {
      const rounds = oracleRounds(p, sitesOf(p));
      const parent = new Map(sitesOf(p).map((s) => [s.line, s.parentLine]));
      for (const [i, round] of rounds.entries()) {
        const lines = new Set(round.map((x) => x.loopLine));
        for (const x of round)
          for (let at = parent.get(x.loopLine) ?? null; at !== null; at = parent.get(at) ?? null) assert.ok(!lines.has(at), `round ${i}: line ${x.loopLine} is inside line ${at}`);
        const r = await checkTransformedProgram(p, insertDirectives(p, round, sitesOf(p)), { threads: [2] });
        assert.ok(r.ok, `round ${i} (lines ${round.map((x) => x.loopLine).join(", ")}): ${r.problems.join("\n")}`);
      }
    });
  }
});

describe("the harness on other transformers", () => {
  test("no directives at all: correct, and every parallel loop is reported missed", async () => {
    const p = corpus.find((q) => q.name.endsWith("f07_reductions.f"))!;
    const r = await runE2E(p, (_path, text) => text);
    assert.equal(r.ok, true, formatReport(r));
    assert.equal(r.expectations.precision.found, 0);
    assert.equal(r.expectations.missed.length, r.expectations.precision.expected);
    assert.ok(r.expectations.precision.expected >= 5);
  });

  test("an edit outside directive lines is reported with its line", async () => {
    const p = corpus.find((q) => q.name.endsWith("c07_reductions.c"))!;
    const r = await runE2E(p, (_path, text) => text.replace("sum += x[i];", "sum += x[i]; /* edited */"));
    assert.equal(r.ok, false);
    assert.equal(r.run.text.changed.length, 1);
    assert.match(r.problems.join("\n"), /text changed at original line \d+/);
    // The run itself still matches: the edit was harmless, the text check is what failed.
    assert.equal(r.run.ok, true);
  });
});

/**
 * Wrong directives: a bare `parallel do` / `parallel for` (or one with a
 * plausible but wrong clause) on a loop marked serial. The marker check
 * must call it unsound, and running it with 4 threads must print
 * something else than the serial program, or the compiler must refuse it.
 * The loops are long recurrences (each thread's first iteration reads a
 * value its neighbour has not written yet) or clause errors whose result
 * does not depend on timing (a private copy never set in the last chunk);
 * a race gets up to five runs to show.
 */
interface WrongDirective {
  program: string;
  /** Text in the marker's note that identifies the loop. */
  note: string;
  clauses?: Partial<ExpectedClauses>;
  /** The compiler must refuse the directive, with this message. */
  refused?: RegExp;
}

const WRONG: WrongDirective[] = [
  { program: "fortran/f12_recurrence.f", note: "prefix sum" },
  { program: "fortran/f12_recurrence.f", note: "a(i) reads a(i-1)" },
  { program: "fortran/f11_triangular.f90", note: "x(i) reads x(1:i-1)" },
  { program: "fortran/f04_gauss_seidel.f90", note: "u(i-1, j) was updated" },
  { program: "fortran/f13_indirect.f90", note: "overlap unless m >= n" },
  { program: "fortran/f09_private.f", note: "jlast is defined only", clauses: { lastprivate: ["jlast"] } },
  { program: "fortran/f12_recurrence.f", note: "leaves at the first element", refused: /invalid branch to\/from OpenMP structured block/ },
  { program: "fortran/f25_array_syntax.f90", note: "b(:, j) reads b(:, j - 1)" },
  { program: "fortran/f26_forall_concurrent.f90", note: "d(2:n) reads d(1:n-1)" },
  { program: "c/c12_recurrence.c", note: "prefix sum" },
  { program: "c/c12_recurrence.c", note: "a[i] reads a[i-1]" },
  { program: "c/c13_aliasing.c", note: "called with x = y - 1" },
  { program: "c/c30_overlap_guard.c", note: "called with y = x + 1" },
  { program: "c/c37_callee_scalars.c", note: "counted() increments calls" },
  { program: "c/c11_triangular.c", note: "x[i] reads x[0..i-1]" },
  { program: "c/c25_array_copies.c", note: "b[j] reads b[j - 1]" },
  { program: "c/c14_indirect.c", note: "overlap unless m >= n" },
  { program: "c/c09_private.c", note: "jlast is defined only", clauses: { lastprivate: ["jlast"] } },
  { program: "c/c12_recurrence.c", note: "leaves at the first element", refused: /break statement used with OpenMP for loop/ },
];

describe("wrong directives on loops marked serial are caught", () => {
  for (const w of WRONG) {
    test(`${w.program}: ${w.note}${w.clauses ? ` with ${JSON.stringify(w.clauses)}` : ""}`, async () => {
      const p = corpus.find((q) => q.name === w.program);
      assert.ok(p, `no program ${w.program}`);
      const x = p.expectations.find((e) => e.note?.includes(w.note));
      assert.ok(x && (x.verdict === "serial" || x.verdict === "runtime"), `no serial loop whose note has '${w.note}'`);
      const text = insertDirectives(p, [{ loopLine: x.loopLine, clauses: { ...NO_CLAUSES, ...w.clauses } }], sitesOf(p));
      const verdict = checkExpectations(p.expectations, emittedLoops(p.text, text, p.lang, sitesOf(p)));
      assert.deepEqual(verdict.unsound.map((u) => u.expectation.loopLine), [x.loopLine]);
      const details: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const r = await checkTransformedProgram(p, text, { threads: [4] });
        if (w.refused) {
          assert.equal(r.runs.length, 0, "expected the compiler to refuse the directive");
          assert.match(r.problems.join("\n"), w.refused);
          return;
        }
        assert.ok(r.runs.length > 0, r.problems.join("\n"));
        if (!r.ok) return;
        details.push(`attempt ${attempt + 1}: same output`);
      }
      assert.fail(`a wrong directive on line ${x.loopLine} went unnoticed: ${details.join("; ")}`);
    });
  }
});
