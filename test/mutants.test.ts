import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { runCli } from "../src/cli/main.js";
import { fakeIO } from "../src/cli/test-support/fake-io.js";
import { PROGRAMS_DIR } from "./e2e/lib/corpus.js";
import { CliInChild } from "./lib/cli-in-child.js";

/**
 * Bad input, as a user or a fuzzer gives it (issue 17 §5): the programs of
 * the e2e corpus, mutated (truncated, tokens deleted or duplicated, random
 * bytes inserted, lines swapped or duplicated, replaced by binary junk or
 * emptied), go through `doall parallelize` and `doall analyze`. Never a
 * crash (exit 70) or a hang; exit 0, 1 or 2; every error about the file
 * at file:line:col; and a file with errors is written back unchanged, byte
 * for byte. The 500-deep nests and the 20 MB file are in resources.test.ts.
 */

const MUTANTS = Number(process.env.DOALL_MUTANTS ?? 1000);
/**
 * A fixed seed: CI runs the same mutants every time, so a failure is
 * reproducible and never depends on the run (a random seed once let one CI
 * run in twenty meet a mutant that hung). Other seeds are explored by hand with
 * DOALL_MUTANTS_SEED (and DOALL_MUTANTS_TRACE=1, which names each mutant on
 * stderr before it runs, so the last name printed before a hang is the culprit).
 */
const SEED = Number(process.env.DOALL_MUTANTS_SEED ?? 20261125);
const TRACE = process.env.DOALL_MUTANTS_TRACE === "1";

/** Every corpus source and the headers next to it, as bytes (a mutant may hold any byte). */
const dirs = ["fortran", "c"].map((d) => join(PROGRAMS_DIR, d));
const seeds = dirs.flatMap((d) => readdirSync(d).filter((f) => /\.(f|f90|c)$/i.test(f)).map((f) => ({ name: f, bytes: readFileSync(join(d, f)) })));
const work = mkdtempSync(join(tmpdir(), "doall-mutants-"));
// The headers every program may include, copied once next to where the mutants are written.
for (const d of dirs) for (const f of readdirSync(d)) if (!/\.(f|f90|c)$/i.test(f)) copyFileSync(join(d, f), join(work, f));

type Mutation = (b: Buffer) => Buffer;
const at = (b: Buffer, f: number) => Math.floor(b.length * f);
const frac = fc.double({ min: 0, max: 1, noNaN: true });
const junk = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((a) => Buffer.from(a));
/** A "token" at offset i: a run of word bytes, or one other byte. */
const tokenAt = (b: Buffer, i: number) => {
  let j = i;
  while (j < b.length && /\w/.test(String.fromCharCode(b[j]!))) j++;
  return Math.max(j, Math.min(i + 1, b.length));
};
const lines = (b: Buffer) => b.toString("latin1").split("\n");
const joinLines = (ls: string[]) => Buffer.from(ls.join("\n"), "latin1");

const mutation: fc.Arbitrary<{ what: string; f: Mutation }> = fc.oneof(
  frac.map((f) => ({ what: `truncate at ${f.toFixed(3)}`, f: (b: Buffer) => b.subarray(0, at(b, f)) })),
  frac.map((f) => ({ what: `delete a token at ${f.toFixed(3)}`, f: (b: Buffer) => Buffer.concat([b.subarray(0, at(b, f)), b.subarray(tokenAt(b, at(b, f)))]) })),
  frac.map((f) => ({ what: `duplicate a token at ${f.toFixed(3)}`, f: (b: Buffer) => Buffer.concat([b.subarray(0, tokenAt(b, at(b, f))), b.subarray(at(b, f))]) })),
  fc.tuple(frac, junk).map(([f, j]) => ({ what: `insert bytes ${j.toString("hex")} at ${f.toFixed(3)}`, f: (b: Buffer) => Buffer.concat([b.subarray(0, at(b, f)), j, b.subarray(at(b, f))]) })),
  fc.tuple(fc.nat(), fc.nat()).map(([x, y]) => ({
    what: `swap lines ${x} and ${y}`,
    f: (b: Buffer) => {
      const ls = lines(b);
      const [i, k] = [x % ls.length, y % ls.length];
      [ls[i], ls[k]] = [ls[k]!, ls[i]!];
      return joinLines(ls);
    },
  })),
  fc.nat().map((x) => ({
    what: `duplicate line ${x}`,
    f: (b: Buffer) => {
      const ls = lines(b);
      const i = x % ls.length;
      return joinLines([...ls.slice(0, i + 1), ...ls.slice(i)]);
    },
  })),
  fc.uint8Array({ minLength: 0, maxLength: 4000 }).map((a) => ({ what: `binary, ${a.length} bytes`, f: () => Buffer.from(a) })),
);

/** Two or three mutations in a row, on one corpus program. */
const mutant = fc.tuple(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }));

/**
 * Each mutant runs in a child process with a time bound (MUTANT_BOUND_MS):
 * an analysis that never ends fails the test naming the mutant, instead of
 * stalling CI, and the mutant stays in the work directory to be replayed.
 * The bound is far above the few milliseconds a mutant takes: it is there
 * for hangs (an exponential expansion, an endless loop), not to time doall.
 */
const MUTANT_BOUND_MS = 60_000;

let n = 0;
test(`${MUTANTS} mutants of the corpus programs: no crash, no hang, exits 0/1/2, positioned errors, files with errors written back unchanged (property)`, async () => {
  const counts = { ok: 0, errors: 0 };
  const doall = new CliInChild(MUTANT_BOUND_MS);
  try {
    await fc.assert(
      fc.asyncProperty(mutant, async ([k, ms]) => {
        const seed = seeds[k]!;
        const bytes = ms.reduce<Buffer>((b, m) => m.f(b), seed.bytes);
        // Next to the headers, under a name of its own with the seed's suffix.
        const name = `m${n++}_${seed.name}`;
        writeFileSync(join(work, name), bytes);
        const what = `${join(work, name)} (${seed.name} after ${ms.map((m) => m.what).join(", then ")})`;
        if (TRACE) process.stderr.write(`mutant ${what}\n`);
        const [par, analyze] = await doall.run(work, [
          ["parallelize", name, "-o", "out"],
          ["analyze", name],
        ]).catch((e: Error) => assert.fail(`${what}: ${e.message}`));
        const code = par!.code;
        assert.ok(code === 0 || code === 1, `${what}: exit ${code}\n${par!.err.slice(0, 3000)}`);
        for (const line of par!.err.split("\n").filter((l) => / error: /.test(l)))
          assert.match(line, /^[^:]+:\d+:\d+: error: /, `${what}: an error without a position: ${line}`);
        const out = readFileSync(join(work, "out", name));
        if (code === 1) {
          counts.errors++;
          assert.ok(out.equals(bytes), `${what}: a file with errors was written changed`);
        } else counts.ok++;
        assert.equal(analyze!.code, code, `${what}: analyze exits ${analyze!.code}, parallelize ${code}\n${analyze!.err.slice(0, 2000)}`);
      }),
      // No shrinking after a failure: a hanging mutant would cost a bound per try.
      { numRuns: MUTANTS, seed: SEED, endOnFailure: true },
    );
  } finally {
    doall.close();
  }
  process.stdout.write(`# ${MUTANTS} mutants (seed ${SEED}): ${counts.ok} read without errors, ${counts.errors} with errors\n`);
});

test("an empty file, a binary file, a directory and a missing file given as files", async () => {
  const dir = mkdtempSync(join(tmpdir(), "doall-odd-"));
  writeFileSync(join(dir, "empty.f90"), "");
  writeFileSync(join(dir, "bin.c"), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) % 256)));
  mkdirSync(join(dir, "sub.f"));
  const cases: [string[], number, RegExp | null][] = [
    [["parallelize", "empty.f90", "-o", "out"], 0, null],
    [["parallelize", "bin.c", "-o", "out"], 1, /^bin\.c:\d+:\d+: error: /m],
    [["analyze", "sub.f"], 1, /sub\.f: error: /],
    [["parallelize", "nothere.f", "-o", "out"], 1, /^nothere\.f: error: no such file or directory$/m],
    [["analyze", "nothere.f"], 1, /^nothere\.f: error: /m],
    [["parallelize", "--bogus", "empty.f90"], 2, /unknown option|--bogus/],
  ];
  for (const [args, code, err] of cases) {
    const io = fakeIO(dir);
    assert.equal(await runCli(args, io), code, `${args.join(" ")}: ${io.err}`);
    if (err) assert.match(io.err, err, args.join(" "));
  }
  assert.ok(readFileSync(join(dir, "out", "bin.c")).equals(readFileSync(join(dir, "bin.c"))));
});
