import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeHost } from "../../src/node/node-host.js";
import { preprocess } from "../../src/frontend/cpp/preprocess.js";

/**
 * doall's preprocessing of .F/.F90 files against gfortran's (issue 17):
 * every input of test/golden/gfortran-cpp has next to it X.gfortran.txt,
 * what `gfortran -cpp -E` printed for it (line markers removed; C comments
 * in headers and in directive lines, `//` concatenation, literals,
 * backslash-newlines). doall's output must have the same lines, compared
 * with runs of blanks made one (traditional cpp keeps a macro body's
 * spacing as written, doall spaces tokens its own way; neither matters to
 * the Fortran reader past column 72). A second test checks that gfortran
 * still prints the committed files, so they cannot drift from it.
 */
const DIR = fileURLToPath(new URL("./gfortran-cpp/", import.meta.url));
const inputs = readdirSync(DIR).filter((f) => /\.(F|F90)$/.test(f)).sort();
const expectedOf = (f: string) => join(DIR, f.replace(/\.(F|F90)$/, ".gfortran.txt"));

/** Lines with runs of blanks made one and trailing blanks dropped; trailing empty lines dropped. */
function normalize(text: string): string[] {
  const lines = text.split("\n").map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** gfortran -cpp -E without its `# N "file"` line markers. */
function gfortranCpp(file: string): string {
  const r = spawnSync("gfortran", ["-cpp", "-E", file], { cwd: DIR, encoding: "utf8" });
  if (r.error) throw new Error("gfortran not found on PATH: install it with `apt-get install -y gfortran` (CI's .ci/run does)");
  assert.equal(r.status, 0, r.stderr);
  return r.stdout
    .split("\n")
    .filter((l) => !/^# \d+ "/.test(l))
    .join("\n");
}

test("gfortran-cpp inputs exist", () => {
  assert.ok(inputs.length >= 4, inputs.join(", "));
});

for (const f of inputs) {
  test(`doall preprocesses ${f} as gfortran -cpp -E does`, () => {
    const host = nodeHost(DIR);
    const path = join(DIR, f);
    const r = preprocess(path, host.readFile(path)!, host, { language: "fortran", form: f.endsWith(".F") ? "fixed" : "free", includeDirs: [DIR] });
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(normalize(r.text), normalize(readFileSync(expectedOf(f), "utf8")));
  });

  test(`gfortran -cpp -E still prints the committed ${f.replace(/\.(F|F90)$/, ".gfortran.txt")}`, () => {
    assert.equal(gfortranCpp(f), readFileSync(expectedOf(f), "utf8"));
  });
}
