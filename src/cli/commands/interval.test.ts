import { test } from "node:test";
import assert from "node:assert/strict";
import type { CliIO } from "../command.js";
import { intervalCommand } from "./interval.js";

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = "";
  let err = "";
  const io: CliIO = { stdout: (t) => (out += t), stderr: (t) => (err += t), stderrIsTTY: false, cwd: "/" };
  const code = intervalCommand.run(argv, io) as number;
  return { code, out, err };
}

test("doall interval: arithmetic prints the normal form, then the reduced form", () => {
  const r = run("258*100*[0,X]<1:X> + 129*[0,99]<1:99> + [0,128]<1:128> + 1");
  assert.equal(r.code, 0);
  assert.equal(r.err, "");
  assert.equal(
    r.out,
    "normal form: [1,12900+25800X]<1:128,129:99,25800:X>  (exact)\n" +
      "reduced:     [1,12900+25800X]<1:12899,25800:X>  (exact)\n",
  );
});

test("doall interval: A & B starts with empty / intersects / may-intersect", () => {
  assert.match(run("[12,3000]<12:249> & [7,1999]<8:249>").out, /^empty by condition 2 \(§3\.1\): /);
  assert.match(run("[112,6160]<1:108,110:54> & [222,6160]<1:108,110:53>").out, /^intersects at /);
  assert.match(run("[1,10]*[1,10] & 11").out, /^may-intersect because /);
});

test("doall interval: syntax errors exit 2 and point at the column", () => {
  const r = run("[14,24]<5:2 + 3");
  assert.equal(r.code, 2);
  assert.equal(r.out, "");
  assert.equal(
    r.err,
    "doall interval: syntax error at column 16: expected '>' to close the list of step:count pairs, found end of input\n" +
      "  [14,24]<5:2 + 3\n" +
      "                 ^\n",
  );
  const v = run("[14,25]<5:2>");
  assert.equal(v.code, 2);
  assert.match(v.err, /^doall interval: error at column 5: the upper bound must be l \+ Σ step·count = 24, not 25\n  \[14,25\]<5:2>\n      \^\n$/);
});

test("doall interval: options", () => {
  const r = run("--max-degree", "1", "[0,5]<2:1,3:1>");
  assert.equal(r.code, 0);
  assert.match(r.out, /reduced: +\[0,5\]<1:5>  \(superset: reduction to degree 1 \(§2\.4\.2\)\)/);
  assert.equal(run("--max-degree=1", "[0,5]<2:1,3:1>").out, r.out);
  assert.equal(run("--budget", "0", "1").code, 2);
  assert.equal(run("--frobnicate", "1").code, 2);
  assert.equal(run().code, 2);
  const h = run("--help");
  assert.equal(h.code, 0);
  assert.match(h.out, /^usage: doall interval/);
  assert.equal(intervalCommand.name, "interval");
});

test("doall interval: a leading minus is an expression, several expressions are separated", () => {
  const r = run("-3+[1,2]", "--", "--5");
  assert.equal(r.code, 0);
  assert.equal(
    r.out,
    "normal form: [-2,-1]<1:1>  (exact)\nreduced:     [-2,-1]<1:1>  (exact)\n\n" +
      "normal form: [5,5]  (exact)\nreduced:     [5,5]  (exact)\n",
  );
  const bad = run("1+1", "1+");
  assert.equal(bad.code, 2);
  assert.match(bad.out, /^normal form: \[2,2\]/);
  assert.match(bad.err, /column 3/);
});
