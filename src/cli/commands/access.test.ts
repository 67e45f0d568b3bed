import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../main.js";
import type { CliIO } from "../command.js";

function io(cwd: string) {
  const out = { stdout: "", stderr: "" };
  const cli: CliIO = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), stderrIsTTY: false, cwd };
  return { cli, out };
}

const FIG6A = `      subroutine fig6a
      integer a(10,10), i, j
      do i=1,10
        do j=1,10
          a(j,i) = a(j,i) + 1
        enddo
      enddo
      end
`;

const FIG3B = `      subroutine fig3b
      integer a(100), i
      do i=1,91,10
        a(i) = 0
        a(i+3) = 0
        a(i+6) = 0
      enddo
      end
`;

function workdir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-access-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

test("doall access FILE prints each reference level by level, then the aggregates", async () => {
  const dir = workdir({ "fig6a.f": FIG6A, "fig3b.f": FIG3B });
  const { cli, out } = io(dir);
  assert.equal(await runCli(["access", "fig6a.f", "fig3b.f"], cli), 0);
  assert.equal(out.stderr, "");
  assert.equal(
    out.stdout,
    `fig6a.f:5: a(j, i) [write]
  level j: A(j, 10*i - 10, 1, 1, 1, MUST)_10
  level i: A(i, 0, 1, 10, 10, MUST)_10
  full
fig6a.f:5: a(j, i) [read]
  level j: A(j, 10*i - 10, 1, 1, 1, MUST)_10
  level i: A(i, 0, 1, 10, 10, MUST)_10
  full
fig6a.f: 2 array references in loops: 2 full, 0 partial, 0 failed
fig3b.f:4: a(i) [write]
  level i: A(i, 0, 1, 1, 10, MUST)_10
  full
fig3b.f:5: a(i + 3) [write]
  level i: A(i, 3, 1, 1, 10, MUST)_10
  full
fig3b.f:6: a(i + 6) [write]
  level i: A(i, 6, 1, 1, 10, MUST)_10
  full
fig3b.f:3: i loop, a [write], 3 references: A(i, 0, 3, 3, 10, MUST)_10
fig3b.f: 3 array references in loops: 3 full, 0 partial, 0 failed
`,
  );
});

test("doall access --json gives var, start, stride, num, velocity, accuracy, ub per level", async () => {
  const dir = workdir({ "fig6a.f": FIG6A, "fig3b.f": FIG3B });
  const { cli, out } = io(dir);
  assert.equal(await runCli(["access", "--json", "fig6a.f", "fig3b.f"], cli), 0);
  const j = JSON.parse(out.stdout);
  const r = j.files[0].references[0];
  assert.equal(r.text, "a(j, i)");
  assert.equal(r.status, "full");
  assert.equal(r.reason, null);
  assert.deepEqual(r.levels.map((l: Record<string, unknown>) => [l.var, l.start, l.stride, l.num, l.velocity, l.accuracy, l.ub]), [
    ["j", "10*i - 10", 1, 1, 1, "MUST", 10],
    ["i", "0", 1, 10, 10, "MUST", 10],
  ]);
  // The read and the write of a(j, i) are not aggregated together (roles apart); Fig. 3(b)'s three writes are.
  assert.deepEqual(j.files[0].aggregates, []);
  assert.deepEqual(j.files[1].aggregates, [
    { loopLine: 3, var: "i", array: "a", role: "write", refs: [4, 5, 6], missing: 0, patterns: [{ var: "i", start: "0", stride: 3, num: 3, velocity: 10, accuracy: "MUST", ub: 10 }] },
  ]);
});

test("--no-widen stops where §3.1's conditions fail", async () => {
  const src = `      subroutine fig8
      integer a(10,10,10), i, j, k
      do i=1,9
        do j=1,9
          do k=1,9
            a(k,j,i) = 0
          enddo
        enddo
      enddo
      end
`;
  const dir = workdir({ "fig8.f": src });
  const wide = io(dir);
  await runCli(["access", "fig8.f"], wide.cli);
  assert.match(wide.out.stdout, /level i: A\(i, 0, 1, 90, 100, MAY\)_9 {2}\[§5\.2: Num 9 → 10\]\n {2}full/);
  const strict = io(dir);
  await runCli(["access", "--no-widen", "fig8.f"], strict.cli);
  assert.match(strict.out.stdout, /partial: stops at the i loop \(line 3\): not convolvable: Str×Num = 1×9 < Vel = 10/);
});

test("doall access --summary DIR prints Table 1 per program and a total row; C files are reported, not counted", async () => {
  const dir = workdir({
    "suite/P1/a.f": FIG6A,
    "suite/P1/b.f": FIG3B,
    "suite/P2/c.f": `      subroutine c(x, n)
      integer n, i, x(n, n), y(10)
      do i = 1, 10
        x(1, i) = y(i)
      enddo
      end
`,
    "suite/P2/d.c": "int main(void) { return 0; }\n",
    "suite/P2/npbparams.h": "c not a program file\n",
  });
  const { cli, out } = io(dir);
  assert.equal(await runCli(["access", "--summary", "suite"], cli), 0);
  const rows = out.stdout.split("\n");
  const row = (name: string) => rows.find((l) => l.startsWith(name + " "))!.trim().split(/\s+/);
  // program refs analyzed % full partial failed % while subscript bounds size MAY widened
  assert.deepEqual(row("P1"), ["P1", "5", "5", "100.0%", "5", "0", "0", "0.0%", "0", "0", "0", "0", "0", "0"]);
  assert.deepEqual(row("P2"), ["P2", "2", "1", "50.0%", "1", "0", "1", "50.0%", "0", "0", "0", "1", "0", "0"]);
  assert.deepEqual(row("total").slice(0, 8), ["total", "7", "6", "85.7%", "6", "0", "1", "14.3%"]);
  // A directory argument loads the C parser too: the C file is read (it has no array references).
  assert.doesNotMatch(out.stdout, /Not analyzed/);
  const json = io(dir);
  assert.equal(await runCli(["access", "--summary", "--json", "suite/P1", "suite/P2"], json.cli), 0);
  const j = JSON.parse(json.out.stdout);
  assert.deepEqual(j.programs.map((p: { program: string }) => p.program), ["P1", "P2"]);
  assert.equal(j.total.references, 7);
  assert.equal(j.total.reasons["variable size"], 1);
});

test("exit codes: 2 on usage errors, 1 on input errors", async () => {
  const dir = workdir({});
  assert.equal(await runCli(["access"], io(dir).cli), 2);
  assert.equal(await runCli(["access", "--bogus", "x.f"], io(dir).cli), 2);
  assert.equal(await runCli(["access", "missing.f"], io(dir).cli), 1);
  const s = io(dir);
  assert.equal(await runCli(["access", "--summary", "nowhere"], s.cli), 1);
  assert.match(s.out.stderr, /nowhere: not a readable directory/);
  assert.equal(await runCli(["access", "--help"], io(dir).cli), 0);
});
