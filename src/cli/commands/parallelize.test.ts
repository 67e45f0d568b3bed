import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

/**
 * `doall parallelize` as a user runs it: the output is the input plus
 * directive lines, byte for byte, whatever bytes the comments and strings
 * hold; inputs that are not there are input errors (issue 22).
 */

const tmp = () => mkdtempSync(join(tmpdir(), "doall-par-"));

/** A program as pieces of ASCII text with holes (null) that random bytes fill. */
interface Template {
  name: string;
  pieces: (string | null)[];
  /** Bytes that may not stand in a hole: line ends, the string's delimiter, a comment's end. */
  forbidden: number[];
  directive: RegExp;
}

const COMMON_FORBIDDEN = [0x00, 0x0a, 0x0d];

const TEMPLATES: Template[] = [
  {
    name: "p.f90",
    pieces: ["program p\n  ! ", null, "\n  integer :: a(1000), i\n  character(len=40) :: s\n  s = '", null, "'\n  do i = 1, 1000 ! ", null, "\n    a(i) = 2 * i\n  end do\n  print *, s, a(7)\nend program\n"],
    forbidden: [...COMMON_FORBIDDEN, 0x27],
    // The main program's array is declared SAVE too (main-program-saves.ts).
    directive: /^\s*!\$omp |^ {2}save a$/,
  },
  {
    name: "p.f",
    pieces: ["      program p\nc ", null, "\n      integer a(1000), i\n      character*40 s\n      s = '", null, "'\n      do 10 i = 1, 1000\n* ", null, "\n        a(i) = 2 * i\n   10 continue\n      print *, s, a(7)\n      end\n"],
    forbidden: [...COMMON_FORBIDDEN, 0x27],
    directive: /^!\$omp |^ {6}save a$/,
  },
  {
    name: "p.c",
    pieces: ['#include <stdio.h>\n/* ', null, ' */\nstatic double a[1000];\nint main(void) {\n  const char *s = "', null, '";\n  for (int i = 0; i < 1000; i++) /* ', null, " */\n    a[i] = 2.0 * i;\n  printf(\"%s %f\\n\", s, a[7]);\n  return 0;\n}\n"],
    forbidden: [...COMMON_FORBIDDEN, 0x22, 0x5c, 0x2a],
    directive: /^\s*#pragma omp /,
  },
];

const holeBytes = (forbidden: number[]) => fc.uint8Array({ minLength: 0, maxLength: 20 }).map((b) => Buffer.from([...b].filter((x) => !forbidden.includes(x))));

function fill(t: Template, holes: Buffer[], extra = ""): Buffer {
  let k = 0;
  const parts = t.pieces.map((p) => (p === null ? holes[k++]! : Buffer.from(p, "latin1")));
  return Buffer.concat([...parts, Buffer.from(extra, "latin1")]);
}

/** The output without the lines that match `directive` (byte-wise: Latin-1 maps each byte to one character). */
function withoutDirectives(out: Buffer, directive: RegExp): { rest: Buffer; directives: number } {
  const lines = out.toString("latin1").split("\n");
  const kept = lines.filter((l) => !directive.test(l));
  return { rest: Buffer.from(kept.join("\n"), "latin1"), directives: lines.length - kept.length };
}

for (const t of TEMPLATES) {
  test(`${t.name}: random bytes in comments and strings come out byte for byte, with directive lines added (property)`, async () => {
    const holes = t.pieces.filter((p) => p === null).length;
    await fc.assert(
      fc.asyncProperty(fc.array(holeBytes(t.forbidden), { minLength: holes, maxLength: holes }), async (bytes) => {
        const dir = tmp();
        const input = fill(t, bytes);
        writeFileSync(join(dir, t.name), input);
        const io = fakeIO(dir);
        const code = await runCli(["parallelize", t.name, "-o", "out"], io);
        assert.equal(code, 0, io.err);
        const { rest, directives } = withoutDirectives(readFileSync(join(dir, "out", t.name)), t.directive);
        assert.ok(directives >= 1, "the loop lost its directive");
        assert.ok(rest.equals(input), `bytes changed:\n${rest.toString("latin1")}`);
      }),
      { numRuns: 25 },
    );
  });
}

test("a file with errors is written back unchanged, its bytes included", async () => {
  const t = TEMPLATES[0]!;
  const dir = tmp();
  const input = fill(t, [Buffer.from([0xe9, 0xff]), Buffer.from([0xc3, 0x28]), Buffer.from([0x80])], "x = (1 +\n");
  writeFileSync(join(dir, t.name), input);
  const io = fakeIO(dir);
  assert.equal(await runCli(["parallelize", t.name, "-o", "out"], io), 1);
  assert.match(io.err, /p\.f90:\d+:\d+: error: /);
  assert.ok(readFileSync(join(dir, "out", t.name)).equals(input));
});

test("a missing file and an empty directory are input errors (exit 1, as in analyze); the other inputs are still written", async () => {
  const dir = tmp();
  mkdirSync(join(dir, "empty"));
  writeFileSync(join(dir, "ok.f90"), "program p\n  integer :: a(1000), i\n  do i = 1, 1000\n    a(i) = i\n  end do\n  print *, a(3)\nend program\n");
  const io = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "missing.f90", "empty", "ok.f90", "-o", "out"], io), 1);
  assert.match(io.err, /^missing\.f90: error: no such file or directory$/m);
  assert.match(io.err, /^empty: error: no Fortran or C source file in this directory$/m);
  assert.match(readFileSync(join(dir, "out", "ok.f90"), "latin1"), /!\$omp parallel do/);
  const analyze = fakeIO(dir);
  assert.equal(await runCli(["analyze", "missing.f90"], analyze), 1);
  // The same walk as parallelize (input-files.ts), so the same message.
  assert.match(analyze.err, /^missing\.f90: error: no such file or directory$/m);
  const alone = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "empty", "-o", "out"], alone), 1);
});

test("C: a for after other text on its line gets no directive (its line is not split), and says why", async () => {
  const dir = tmp();
  const text = "static double a[1000];\nint main(void) {\n  int i; a[0] = 1; for (i = 0; i < 1000; i++) a[i] = i;\n  for (i = 0; i < 1000; i++) a[i] += 1; a[1] = 0;\n  return (int)a[3];\n}\n";
  writeFileSync(join(dir, "s.c"), text);
  const io = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "s.c", "-o", "out", "--report", "r.json"], io), 0, io.err);
  assert.equal(readFileSync(join(dir, "out", "s.c"), "latin1"), text.replace("  for (i = 0; i < 1000; i++) a[i] += 1", "  #pragma omp parallel for simd\n  for (i = 0; i < 1000; i++) a[i] += 1"));
  const loops = JSON.parse(readFileSync(join(dir, "r.json"), "utf8")).files[0].loops;
  assert.deepEqual(loops[0].reasons.map((r: { kind: string }) => r.kind), ["layout"]);
  assert.match(loops[0].reasons[0].message, /^the for statement follows other text on its line/);
  assert.equal(loops[0].parallel, true);
});

test("Fortran: a DO after another statement on its line gets no directive, and says why; an END DO followed by a statement gets no END directive", async () => {
  const dir = tmp();
  const text = "program p\n  integer :: a(1000), i\n  a(1) = 0; do i = 1, 1000; a(i) = i; end do\n  do i = 1, 1000; a(i) = a(i) + 1; end do; print *, a(3)\nend program\n";
  writeFileSync(join(dir, "l.f90"), text);
  const io = fakeIO(dir);
  assert.equal(await runCli(["parallelize", "l.f90", "-o", "out", "--report", "r.json"], io), 0, io.err);
  assert.equal(readFileSync(join(dir, "out", "l.f90"), "latin1"), text.replace("  a(1) = 0;", "  save a\n  a(1) = 0;").replace("  do i = 1, 1000; a(i) = a(i) + 1", "  !$omp parallel do simd\n  do i = 1, 1000; a(i) = a(i) + 1"));
  const loops = JSON.parse(readFileSync(join(dir, "r.json"), "utf8")).files[0].loops;
  assert.deepEqual(loops[0].reasons.map((r: { kind: string }) => r.kind), ["layout"]);
  assert.equal(loops[0].parallel, true);
  assert.equal(loops[0].emitted, false);
});
