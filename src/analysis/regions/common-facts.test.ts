import { before, test } from "node:test";
import assert from "node:assert/strict";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { ensureCParser } from "../../node/c-parser-node.js";
import type { Expr } from "../../ir/expr.js";
import { exprText } from "../../ir/expr-text.js";
import type { Procedure } from "../../ir/program.js";
import { memoryHost } from "../../source/host.js";
import type { Sym } from "../../ir/symbol.js";
import { CommonFacts } from "./common-facts.js";

before(() => ensureCParser());

/**
 * A main program that sets grid(1..3) and n2 = grid(1) - 2 (`setup`, a
 * fragment of its executable part), and a subroutine `use` that reads
 * them: the facts `use` sees.
 */
function factsOf(setup: string, extra = ""): { facts: CommonFacts; use: Procedure } {
  const src = `      program main
      integer grid(3), n2, i, m
      common /g/ grid, n2
${setup}
      call use
      end
      subroutine use
      integer grid(3), n2
      common /g/ grid, n2
      print *, grid(1), grid(2), n2
      end
${extra}`;
  const host = memoryHost({ "m.f": src });
  const program = loadProgram("m.f", host).program!;
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error"), []);
  const procs = program.procedures;
  const facts = new CommonFacts({ procedures: procs, resolve: (name) => procs.find((p) => p.name === name) });
  return { facts, use: procs.find((p) => p.name === "use")! };
}

const grid = (p: Procedure, k: number): Expr => {
  const sym = p.symbols.get("grid")!;
  const int = { kind: "int", value: k, type: { base: "integer", bytes: 4 } } as Expr;
  return { kind: "elem", sym, subs: [int], type: sym.type, span: sym.span } as Expr;
};

const readOrDefault = `      open (unit=2, file='in.data', status='old', iostat=i)
      if (i .eq. 0) then
        read (2, *) grid(1), grid(2), grid(3)
      else
        grid(1) = 12
        grid(2) = 12
        grid(3) = 12
      endif
      n2 = grid(1) - 2`;

test("elements of a COMMON array set in the two branches of one IF are set once; a scalar set from one has that value", () => {
  const { facts, use } = factsOf(readOrDefault);
  for (const k of [1, 2, 3]) assert.equal(facts.stableElemIn(use, grid(use, k)), true, `grid(${k})`);
  const n2 = use.symbols.get("n2")!;
  assert.equal(facts.stableIn(use, n2), true);
  assert.equal(exprText(facts.valueIn(use, n2)!), "grid(1) - 2");
  // Read from a file in one branch: no value of its own.
  assert.equal(facts.elemValueIn(use, grid(use, 1)), undefined);
});

test("one definition of an element with a constant right-hand side gives its value", () => {
  const { facts, use } = factsOf("      grid(2) = 7\n      grid(1) = grid(2) + 1\n      n2 = 0");
  assert.equal(exprText(facts.elemValueIn(use, grid(use, 1))!), "grid(2) + 1");
  assert.equal(exprText(facts.elemValueIn(use, grid(use, 2))!), "7");
});

test("no element fact when the array is also stored otherwise: a variable subscript, a loop, a whole-array READ, an implied-DO READ, a call that writes it, a second definition after the IF", () => {
  const cases = [
    `${readOrDefault}\n      m = 2\n      grid(m) = 5`,
    `${readOrDefault}\n      do i = 1, 3\n        grid(i) = 5\n      end do`,
    `${readOrDefault}\n      read (2, *) grid`,
    `${readOrDefault}\n      read (2, *) (grid(i), i = 1, 3)`,
    `${readOrDefault}\n      call set(grid)`,
    `${readOrDefault}\n      grid(1) = 4`,
  ];
  const setSub = "      subroutine set(a)\n      integer a(3)\n      a(1) = 1\n      end";
  for (const c of cases) {
    const { facts, use } = factsOf(c, setSub);
    assert.equal(facts.stableElemIn(use, grid(use, 1)), false, c);
    assert.equal(facts.valueIn(use, use.symbols.get("n2")!), undefined, c);
  }
});

test("printing an implied DO over the array, or passing a scalar inside an expression, defines nothing", () => {
  const sub = "      subroutine show(k)\n      integer k\n      k = k + 0\n      end";
  const { facts, use } = factsOf(`${readOrDefault}\n      print *, (grid(i), i = 1, 3)\n      call show(n2 + 1)`, sub);
  assert.equal(facts.stableElemIn(use, grid(use, 1)), true);
  assert.equal(exprText(facts.valueIn(use, use.symbols.get("n2")!)!), "grid(1) - 2");
  // Passed itself to a dummy the callee writes: defined again.
  const again = factsOf(`${readOrDefault}\n      call show(n2)`, sub);
  assert.equal(again.facts.stableIn(again.use, again.use.symbols.get("n2")!), false);
});

test("a definition a GO TO may run again is no fact (n2 = n2 + 1 in a loop made of labels)", () => {
  const { facts, use } = factsOf(`      n2 = 0\n      grid(1) = 1\n   10 continue\n      if (n2 .lt. 3) then\n        n2 = n2 + 1\n        goto 10\n      endif`);
  assert.equal(facts.stableIn(use, use.symbols.get("n2")!), false);
  assert.equal(facts.stableElemIn(use, grid(use, 1)), false);
});

/** A C program in two files, SP-C's way: main reads grid[0..2] with fscanf or sets defaults (`setup`), then n2 = grid[0] - 2; use() reads them. */
function cFacts(setup: string): { facts: CommonFacts; use: Procedure; n2: Sym; grid: (k: number) => Expr } {
  const files: Record<string, string> = {
    "main.c": `#include <stdio.h>
int grid[3], n2;
void use(void);
int main(void) {
  FILE *fp;
${setup}
  n2 = grid[0] - 2;
  use();
  return 0;
}
`,
    "use.c": `#include <stdio.h>
extern int grid[3], n2;
void use(void) {
  printf("%d %d %d\\n", grid[0], grid[1], n2);
}
`,
  };
  const host = memoryHost(files);
  const loaded = ["main.c", "use.c"].map((f) => loadProgram(f, host));
  const link = linkLoaded(loaded)!;
  assert.equal(link.closed, true);
  const use = loaded[1]!.program!.procedures[0]!;
  const g = loaded[1]!.program!.globals.get("grid")!;
  const int = (k: number) => ({ kind: "int", value: k, type: { base: "integer", bytes: 4 } }) as Expr;
  return { facts: link.facts, use, n2: loaded[1]!.program!.globals.get("n2")!, grid: (k) => ({ kind: "elem", sym: g, subs: [int(k)], type: g.type, span: g.span }) as Expr };
}

const cReadOrDefault = `  if ((fp = fopen("in.data", "r")) != NULL) {
    if (fscanf(fp, "%d%d%d", &grid[0], &grid[1], &grid[2]) != 3) return 1;
    fclose(fp);
  } else {
    grid[0] = 12;
    grid[1] = 12;
    grid[2] = 12;
  }`;

test("C: elements of a global array read with fscanf or set to defaults are set once; a global set from one has that value", () => {
  const { facts, use, n2, grid } = cFacts(cReadOrDefault);
  for (const k of [0, 1, 2]) assert.equal(facts.stableElemIn(use, grid(k)), true, `grid[${k}]`);
  assert.equal(exprText(facts.valueIn(use, n2)!, "c"), "grid[0] - 2");
});

test("C: no element fact when the array is used otherwise: its address given to another function, a store at a variable index, a read before the definitions", () => {
  for (const setup of [`${cReadOrDefault}\n  memset(grid, 0, sizeof(grid));`, `${cReadOrDefault}\n  { int i; for (i = 0; i < 3; i++) grid[i] = 1; }`, `  grid[1] = grid[0];\n${cReadOrDefault}`]) {
    const { facts, use, grid } = cFacts(setup);
    assert.equal(facts.stableElemIn(use, grid(0)), false, setup);
  }
});
