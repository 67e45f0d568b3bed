import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "./parse-fortran.js";
import type { SourceHost } from "../../source/host.js";

/** A host whose directory `src` may also be named `./src` (as `-I ./src` next to `src/p.f90` names it). */
function host(files: Record<string, string>): SourceHost {
  const canon = (p: string) => p.replace(/^\.\//, "").replace(/\/$/, "");
  return {
    readFile: (p) => files[canon(p)],
    listDir: (dir) => {
      const d = canon(dir);
      return Object.keys(files)
        .filter((f) => f.startsWith(d + "/") && !f.slice(d.length + 1).includes("/"))
        .map((f) => f.slice(d.length + 1));
    },
  };
}

const user = "program p\n  use m\n  integer :: i\n  real :: a(10)\n  do i = 1, 10\n    a(i) = k * i\n  end do\n  print *, a(3)\nend program p\n";
const mod = (k: number) => `module m\n  integer :: k = ${k}\nend module m\n`;

test("a module file reached through the file's own directory and again through -I is one definition", () => {
  const files = { "src/p.f90": user, "src/m.f90": mod(3) };
  const program = parseFortran("src/p.f90", user, host(files), { includeDirs: ["./src/"] });
  assert.deepEqual(program.diagnostics.map((d) => d.message), []);
});

test("two files that define the module are still two (the note names both, and which one is used)", () => {
  const files = { "src/p.f90": user, "src/m.f90": mod(3), "inc/m.f90": mod(4) };
  const program = parseFortran("src/p.f90", user, host(files), { includeDirs: ["inc"] });
  assert.deepEqual(program.diagnostics.map((d) => d.message), ["module 'm' is defined in 2 files (m.f90, m.f90); using m.f90"]);
});
