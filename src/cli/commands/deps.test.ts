import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-deps-"));
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const SRC = `subroutine s(a, n, total)
  integer n, i, j
  real a(n), total, t
  total = 0.0
  do i = 1, n
    t = a(i) * 2.0
    total = total + t
  end do
  do j = 2, n
    a(j) = a(j - 1)
  end do
end subroutine
`;

test("deps prints edges with carriers and the scalar classes of each loop", async () => {
  const f = tmpFile("s.f90", SRC);
  const io = fakeIO();
  const code = await runCli(["deps", f], io);
  assert.equal(code, 0, io.err);
  assert.match(io.out, /^ {2}flow total: line 7 -> line 7 carried by loop at line 5 \(definite\)$/m);
  assert.match(io.out, /^ {2}flow t: line 6 -> line 7 \(definite\)$/m);
  assert.match(io.out, /^ {4}total: carried \(read before written in an iteration\), reduction candidate \(\+\)$/m);
  assert.match(io.out, /^ {4}t: private$/m);
  assert.match(io.out, /on arrays \(--arrays\)/);
});

test("deps --json has stable fields; --loop keeps one loop; --arrays shows whole-array edges", async () => {
  const f = tmpFile("s.f90", SRC);
  const io = fakeIO();
  assert.equal(await runCli(["deps", "--json", "--arrays", "--loop", "9", f], io), 0, io.err);
  const r = JSON.parse(io.out);
  assert.equal(r.file, f);
  const p = r.procedures[0];
  assert.deepEqual(Object.keys(p).filter((k) => k !== "removedByTest"), ["name", "line", "unanalyzable", "edges", "hidden", "loops"]);
  assert.deepEqual(
    p.loops.map((l: { line: number }) => l.line),
    [9],
  );
  // Only edges with both ends in the loop at line 9: the array a, whole-variable, carried and not.
  assert.ok(p.edges.length > 0);
  for (const e of p.edges) {
    assert.deepEqual(Object.keys(e).filter((k) => !["array", "direction", "distance", "test"].includes(k)), ["kind", "var", "source", "sink", "carrier", "definite"]);
    // An end is a reference, as a reason's source and sink in the report: {line, call?}, or {line, via} for an end that is no access.
    for (const end of [e.source, e.sink]) assert.ok(Number.isInteger(end.line) && Object.keys(end).every((k) => ["line", "call", "via"].includes(k)), JSON.stringify(end));
    assert.equal(e.var, "a");
    assert.equal(e.array, true);
  }
  assert.ok(p.edges.some((e: { kind: string; carrier: number | null }) => e.kind === "flow" && e.carrier === 9));
  assert.deepEqual(p.loops[0].sets.mod, ["a", "j"]);
});

test("deps --dot draws a graph", async () => {
  const f = tmpFile("s.f90", SRC);
  const io = fakeIO();
  assert.equal(await runCli(["deps", "--dot", f], io), 0, io.err);
  assert.match(io.out, /^digraph deps \{/);
  assert.match(io.out, /p0_7 -> p0_7 \[label="flow total @5", color=black, style="dashed,bold"\];/);
});

test("deps exit codes: 2 for usage errors, 1 for input errors", async () => {
  const f = tmpFile("s.f90", SRC);
  let io = fakeIO();
  assert.equal(await runCli(["deps"], io), 2);
  io = fakeIO();
  assert.equal(await runCli(["deps", "--json", "--dot", f], io), 2);
  io = fakeIO();
  assert.equal(await runCli(["deps", "--loop", "x", f], io), 2);
  io = fakeIO();
  assert.equal(await runCli(["deps", "--loop", "3", f], io), 1);
  assert.match(io.err, /no loop starts at line 3/);
  io = fakeIO();
  assert.equal(await runCli(["deps", f + ".missing.f90"], io), 1);
  // An error in one procedure: the others are still analyzed and shown, and the status is 1.
  const bad = tmpFile("bad.f90", "subroutine s\n  x = (1\nend subroutine\nsubroutine t(y)\n  y = y + 1.0\nend subroutine\n");
  io = fakeIO();
  assert.equal(await runCli(["deps", bad], io), 1);
  assert.match(io.err, /bad\.f90:2:\d+: error:/);
  assert.match(io.out, /: s \(not analyzable: it contains a syntax error; results not trusted\)/);
  assert.match(io.out, /^ {2}anti y: line 5 -> line 5 \(definite\)$/m);
});
