// doall analyze / deps with value ranges (issue 7): seed 003 Fig. 1 end to
// end through the CLI and its JSON, and --no-bounds-assumption.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIG1 } from "../../analysis/ranges/test-support/fig1.js";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-"));
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

async function loops(args: string[]) {
  const io = fakeIO();
  const code = await runCli(["analyze", "--json", ...args, tmpFile("fig1.f90", FIG1)], io);
  assert.equal(code, 0, io.err);
  return JSON.parse(io.out).files[0].loops as { line: number; parallel: boolean; runtimeCheck: string | null; facts?: { var: string; range: string; source: string }[] }[];
}

test("Fig. 1 through analyze --json: the j loop is parallel and cites 1 <= v <= 49 from the first reference", async () => {
  const ls = await loops([]);
  const j = ls.find((l) => l.line === 7)!;
  const i = ls.find((l) => l.line === 5)!;
  assert.equal(j.parallel, true);
  assert.equal(j.runtimeCheck, null);
  assert.equal(j.facts?.length, 1);
  assert.equal(j.facts![0]!.var, "v");
  assert.equal(j.facts![0]!.range, "1..49");
  assert.match(j.facts![0]!.source, /a\(v \+ i \+ 1, v\) \(declared a\(100, 100\)\) at line 6/);
  assert.equal(i.parallel, false);
  assert.equal(i.facts, undefined, "facts only on loops the ranges made parallel");
});

test("Fig. 1 with --no-bounds-assumption: the j loop is not unconditionally parallel, and cites no fact", async () => {
  const j = (await loops(["--no-bounds-assumption"])).find((l) => l.line === 7)!;
  assert.equal(j.parallel, false);
  assert.equal(j.facts, undefined);
  assert.ok(j.runtimeCheck === null || /v/.test(j.runtimeCheck), String(j.runtimeCheck));
});

test("deps --arrays: the ranges remove the j loop's array edges; --no-bounds-assumption keeps them", async () => {
  const file = tmpFile("fig1.f90", FIG1);
  const run = async (extra: string[]) => {
    const io = fakeIO();
    assert.equal(await runCli(["deps", "--arrays", ...extra, file], io), 0, io.err);
    return io.out;
  };
  assert.doesNotMatch(await run([]), /carried by loop at line 7/);
  assert.match(await run(["--no-bounds-assumption"]), /carried by loop at line 7/);
});

test("help of analyze and deps documents --no-bounds-assumption", async () => {
  for (const cmd of ["analyze", "deps"]) {
    const io = fakeIO();
    assert.equal(await runCli([cmd, "--help"], io), 0);
    assert.match(io.out, /--no-bounds-assumption/);
  }
});
