import { test } from "node:test";
import assert from "node:assert/strict";
import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Storage, Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import { buildCfg } from "../cfg/build-cfg.js";
import type { Cfg } from "../cfg/cfg.js";
import { fortran, procedure } from "../test-support/parse.js";

/** The references of the statement at `line`, as `d:x` / `u~:a` (~: not exact), in order. */
function refsAt(cfg: Cfg, line: number): string[] {
  return cfg.refs.refs.filter((r) => r.span.line === line).map((r) => `${r.kind === "def" ? "d" : "u"}${r.exact ? "" : "~"}${r.rmw ? "(rmw)" : ""}:${r.sym?.name ?? cfg.vars.vars[r.var]!.name}`);
}

test("Fortran statements: evaluation order, partial and conditional accesses, statement functions, READ lists, EQUIVALENCE", () => {
  const cfg = buildCfg(
    procedure(
      fortran(`subroutine s(a, n, x, c)
  integer n, i, k
  real a(n), x, p, q, r(2), f, z
  logical c
  character*8 c8
  equivalence (p, r(1))
  f(z) = z * q
  a(i) = a(i - 1) + x
  x = f(a(k))
  read (*, *) n, (a(i), i = 1, n)
  p = 1.0
  q = 2.0
  c8(1:2) = 'ab'
  c = c .and. x > f(q)
end subroutine
`),
    ),
  );
  assert.deepEqual(refsAt(cfg, 8), ["u:i", "u~:a", "u:x", "u:i", "d~:a"]);
  // The statement function reads q (not its dummy z); its argument a(k) is read by the caller.
  assert.deepEqual(refsAt(cfg, 9), ["u:k", "u~:a", "u:q", "d:x"]);
  // READ: the I/O state, then each item in order (n is defined before the implied DO reads it).
  assert.deepEqual(refsAt(cfg, 10), ["u~:(io)", "d~:(io)", "d~:n", "u:n", "d~:i", "u~:i", "d~:a"]);
  assert.deepEqual(refsAt(cfg, 11), ["d~:p"], "a write through one name of an EQUIVALENCE group is partial");
  assert.deepEqual(refsAt(cfg, 12), ["d:q"]);
  assert.deepEqual(refsAt(cfg, 13), ["d~:c8"], "a substring write is partial");
  // The right operand of .and. may not be evaluated: its accesses are not exact.
  assert.deepEqual(refsAt(cfg, 14), ["u:c", "u~:x", "u~:q", "u~:q", "d:c"]);
  assert.equal(cfg.vars.vars[cfg.vars.lookup(cfg.proc.symbols.get("p")!)!]!.name, "p=r");
});

const sp = (line: number) => ({ file: "t.c", line, column: 1, endLine: line, endColumn: 2 });
const INT: Type = { base: "integer", bytes: 4 };
let ids = 0;
const sym = (name: string, storage: Storage, type: Type = INT, dims = 0): Sym => ({
  id: ids++,
  name,
  type,
  dims: Array.from({ length: dims }, () => ({ lower: { kind: "int" as const, value: 0, span: sp(1) }, upper: null })),
  layout: "row-major",
  storage,
  attrs: {},
  span: sp(1),
});
const v = (s: Sym, line: number): Expr => ({ kind: "var", sym: s, span: sp(line), type: s.type });

test("C calls pass scalars by value, arrays and &x by address; a store through a pointer may reach any global", () => {
  const g = sym("g", "global");
  const arr = sym("arr", "global", INT, 1);
  const p = sym("p", "dummy", { base: "pointer", pointee: INT });
  const n = sym("n", "local");
  const y = sym("y", "local");
  const body: Stmt[] = [
    { kind: "expr", expr: { kind: "call", name: "f", args: [v(n, 2), { kind: "addr", operand: v(y, 2), span: sp(2) }, v(arr, 2)], span: sp(2) }, span: sp(2) },
    { kind: "assign", lhs: { kind: "deref", operand: v(p, 3), span: sp(3) }, rhs: v(g, 3), span: sp(3) },
    { kind: "assign", lhs: v(n, 4), rhs: v(y, 4), span: sp(4) },
  ];
  const proc: Procedure = {
    name: "c",
    kind: "function",
    language: "c",
    span: sp(1),
    endSpan: sp(5),
    params: [p],
    symbols: new Map([g, arr, p, n, y].map((s) => [s.name, s])),
    statementFunctions: new Map(),
    body,
    uses: [],
  };
  const cfg = buildCfg(proc);
  // f(n, &y, arr): n is only read; y and arr may be read and written; so may the global g, and the I/O state.
  const call = refsAt(cfg, 2);
  assert.ok(call.includes("u:n") && !call.some((r) => r.endsWith(":n") && r.startsWith("d")));
  assert.ok(call.includes("d~:y") && call.includes("d~:arr") && call.includes("d~:g"), call.join(" "));
  // *p = g: reads p and g, writes the memory p may reach: the globals g and arr, y (its address
  // escaped to f), and the memory pseudo-variable; not n, whose address is never taken.
  const store = refsAt(cfg, 3);
  assert.deepEqual(store.filter((r) => r.startsWith("d")).sort(), ["d~:(memory)", "d~:arr", "d~:g", "d~:y"]);
});
