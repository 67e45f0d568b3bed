import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { loadProgram } from "../../driver/load-program.js";
import type { Program } from "../../ir/program.js";
import { memoryHost } from "../../source/host.js";
import { LinkedNames } from "./linked-names.js";

before(() => ensureCParser());

/** Loads every file and links them; `broken` files are given as having errors. */
function link(files: Record<string, string>, broken: string[] = []) {
  const host = memoryHost(files);
  const programs = new Map<string, Program>();
  for (const path of Object.keys(files)) programs.set(path, loadProgram(path, host).program!);
  const names = new LinkedNames([...programs].map(([path, program]) => ({ program, usable: !broken.includes(path) })));
  const resolve = (name: string, callerFile: string, callerName: string) => {
    const program = programs.get(callerFile)!;
    const caller = program.procedures.find((p) => p.name.toLowerCase() === callerName)!;
    const r = names.resolveOther(name, caller, program);
    return r.kind === "found" ? `found ${r.program.file.path}` : r.kind === "ambiguous" ? `ambiguous ${r.files.join(" ")}` : r.kind === "broken" ? `broken ${r.file}` : "none";
  };
  return { resolve, names, programs };
}

const sub = (name: string) => `      subroutine ${name}(x)\n      real x\n      x = 1\n      end\n`;
const caller = (name: string) => `      subroutine top(x)\n      real x\n      call ${name}(x)\n      end\n`;

test("a name defined in exactly one other file resolves to it; Fortran ignores case", () => {
  const { resolve } = link({ "a/main.f": caller("FILL"), "a/fill.f": sub("fill") });
  assert.equal(resolve("FILL", "a/main.f", "top"), "found a/fill.f");
  assert.equal(resolve("other", "a/main.f", "top"), "none");
});

test("defined in several files: the one in the caller's directory, else ambiguous", () => {
  const files = { "a/main.f": caller("fill"), "a/fill.f": sub("fill"), "b/fill.f": sub("fill"), "b/main.f": caller("fill"), "c/main.f": caller("fill") };
  const { resolve } = link(files);
  assert.equal(resolve("fill", "a/main.f", "top"), "found a/fill.f");
  assert.equal(resolve("fill", "b/main.f", "top"), "found b/fill.f");
  assert.equal(resolve("fill", "c/main.f", "top"), "ambiguous fill.f");
  // Two in the caller's own directory: ambiguous too.
  const two = link({ "a/main.f": caller("fill"), "a/fill1.f": sub("fill"), "a/fill2.f": sub("fill") });
  assert.equal(two.resolve("fill", "a/main.f", "top"), "ambiguous fill1.f fill2.f");
});

test("the caller's own file wins over the other files", () => {
  const { names, programs } = link({ "main.f": caller("fill") + sub("fill"), "fill.f": sub("fill") });
  const main = programs.get("main.f")!;
  const top = main.procedures.find((p) => p.name === "top")!;
  assert.equal(names.resolve("fill", top, main), main.procedures.find((p) => p.name === "fill"));
});

test("a file with errors makes its names unknown", () => {
  const { resolve } = link({ "main.f": caller("fill"), "fill.f": sub("fill") }, ["fill.f"]);
  assert.equal(resolve("fill", "main.f", "top"), "broken fill.f");
});

test("C: names are exact, static functions of another file are not reached, languages do not mix", () => {
  const files = {
    "main.c": "void fill(double *x);\nvoid Fill(double *x);\nvoid hidden(double *x);\nvoid top(double *x) { fill(x); Fill(x); hidden(x); }\n",
    "fill.c": "void fill(double *x) { *x = 1; }\nstatic void hidden(double *x) { *x = 2; }\n",
    "fill.f": sub("fill") + sub("hidden"),
  };
  const { resolve } = link(files);
  assert.equal(resolve("fill", "main.c", "top"), "found fill.c");
  assert.equal(resolve("Fill", "main.c", "top"), "none");
  assert.equal(resolve("hidden", "main.c", "top"), "none");
});

test("a module procedure of another file is reached only from a unit that USEs its module", () => {
  const files = {
    "m.f90": "module m\ncontains\n  subroutine fill(x)\n    real x\n    x = 1\n  end subroutine\nend module\n",
    "main.f90": "subroutine top(x)\n  use m\n  real x\n  call fill(x)\nend subroutine\nsubroutine other(x)\n  real x\n  call fill(x)\nend subroutine\n",
  };
  const { resolve } = link(files);
  assert.equal(resolve("fill", "main.f90", "top"), "found m.f90");
  assert.equal(resolve("fill", "main.f90", "other"), "none");
});

test("an ambiguous name's alternatives: every definition the linker may take; none for a found name, or with a definition in a file with errors", () => {
  const files = { "a/main.f": caller("fill"), "a/fill.f": sub("fill"), "a/fill_vec.f": sub("fill"), "a/own.f": caller("fill") + sub("fill") };
  const { names, programs } = link(files);
  const at = (file: string, n: ReturnType<typeof link>["names"]) => {
    const program = programs.get(file)!;
    const top = program.procedures.find((p) => p.name === "top")!;
    return n.alternatives("fill", top, program)?.map((p) => p.span.file).sort() ?? null;
  };
  // own.f defines fill itself: never ambiguous there.
  assert.deepEqual(at("a/main.f", names), ["a/fill.f", "a/fill_vec.f", "a/own.f"]);
  assert.equal(at("a/own.f", names), null);
  const broken = link(files, ["a/fill_vec.f"]);
  assert.equal(broken.names.alternatives("fill", broken.programs.get("a/main.f")!.procedures[0]!, broken.programs.get("a/main.f")!), null);
  // Found: no alternatives.
  const one = link({ "a/main.f": caller("fill"), "a/fill.f": sub("fill") });
  assert.equal(one.names.alternatives("fill", one.programs.get("a/main.f")!.procedures[0]!, one.programs.get("a/main.f")!), null);
});
