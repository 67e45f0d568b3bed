import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { loadProgram } from "../driver/load-program.js";
import { linkLoaded } from "../driver/link-loaded.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

before(() => ensureCParser());

/** doall parallelize on the files given (linked): each file's text. */
function run(files: Record<string, string>): string[] {
  const host = memoryHost(files);
  const loaded = Object.keys(files).map((f) => loadProgram(f, host));
  return parallelizeLoadedRun(loaded, host, { link: linkLoaded(loaded) }).map((r) => r.output ?? "");
}

// Found by fuzzing: the other threads read their own copy of a threadprivate variable (0), and a private or
// reduction clause on one does not compile.
const c = (decl: string) => [decl, "static int a[2000000];", "int main(void) {", "  int i;", "  long s = 0;", "  k = 5;", "  for (i = 0; i < 2000000; i++)", "    a[i] = i % 7 + k;", "  for (i = 0; i < 2000000; i++) s += a[i];", "  return (int)(s % 100);", "}", ""].join("\n");

test("a C global the user made threadprivate, or declared __thread: a loop reading it stays serial", () => {
  const [pragma] = run({ "p.c": c("static int k;\n#pragma omp threadprivate(k)") });
  assert.doesNotMatch(pragma!, /#pragma omp parallel for[^\n]*\n\s*for \(i = 0; i < 2000000; i\+\+\)\n\s*a\[i\] = i % 7 \+ k;/);
  const [tls] = run({ "t.c": c("static __thread int k;") });
  assert.doesNotMatch(tls!, /#pragma omp parallel for[^\n]*\n\s*for \(i = 0; i < 2000000; i\+\+\)\n\s*a\[i\] = i % 7 \+ k;/);
  // The loop that only sums stays parallel.
  assert.match(tls!, /reduction\(\+:s\)/);
});

test("a Fortran module variable another file's module makes threadprivate: no loop reads it in parallel, none puts it in a clause", () => {
  const mod = ["module tpm", "  integer :: t", "  !$omp threadprivate(t)", "end module", ""].join("\n");
  const main = ["program p", "  use tpm", "  integer, parameter :: n = 2000000", "  integer :: b(n), i", "  t = 5", "  do i = 1, n", "    b(i) = mod(i * 7, 1000) + t", "  end do", "  do i = 1, n", "    t = i * 2", "    b(i) = b(i) + t", "  end do", "  print *, b(1), b(n)", "end program", ""].join("\n");
  const [, out] = run({ "m.f90": mod, "p.f90": main });
  assert.doesNotMatch(out!, /!\$omp parallel do/);
  // In one file too.
  const [one] = run({ "one.f90": mod + main });
  assert.doesNotMatch(one!, /!\$omp parallel do/);
});

test("a loop calling a procedure that touches a thread-local variable stays serial", () => {
  const src = ["static int k;", "#pragma omp threadprivate(k)", "static int a[2000000];", "static int get(int i) { return i % 7 + k; }", "int main(void) {", "  int i;", "  k = 5;", "  for (i = 0; i < 2000000; i++)", "    a[i] = get(i);", "  return a[5];", "}", ""].join("\n");
  const [out] = run({ "g.c": src });
  assert.doesNotMatch(out!, /#pragma omp parallel for/);
});
