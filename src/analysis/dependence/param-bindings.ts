import type { Expr } from "../../ir/expr.js";
import type { Procedure, Program } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";

/**
 * What the C pointer parameters of a `static` function point to, when
 * every call is in sight (seed 004 §1.1 gives procedures the caller's
 * view of their arguments; this is the reverse, the callers' actual
 * arguments seen from the callee). A `static` function is called only
 * from its own file; if its name is never used but in calls, and at every
 * call a pointer parameter receives a named array (`x` or `&x[k]`, x a
 * global or a local array, not itself a pointer), and the function never
 * changes the parameter, the parameter points into that array. Two such
 * parameters bound to different arrays at every call are different
 * memory; so are a parameter and a global it is never bound to. NPB CG's
 * conj_grad(colidx, rowstr, x, z, a, p, q, r, ...) is called once with
 * the globals of those names: its q[j] = sum loop is then parallel.
 */
export class ParamBindings {
  /** Per bound parameter: the array it receives at each call site (index = site), null where unknown. */
  private readonly sites = new Map<Sym, (Sym | null)[]>();

  constructor(program: Program) {
    if (program.file.language !== "c") return;
    const statics = new Map<string, Procedure>();
    for (const p of program.procedures)
      if (p.kind === "function" && program.globals.get(p.name)?.attrs.save && !p.unanalyzable) statics.set(p.name, p);
    if (statics.size === 0) return;
    const calls = new Map<Procedure, Expr[][]>();
    const escaped = new Set<Procedure>();
    const onExpr = (e: Expr) =>
      walkExpr(e, (x) => {
        if (x.kind === "call") {
          const p = statics.get(x.name);
          if (p) calls.set(p, [...(calls.get(p) ?? []), x.args]);
        } else if (x.kind === "var" && statics.has(x.sym.name) && x.sym.storage === "procedure") escaped.add(statics.get(x.sym.name)!);
      });
    for (const caller of program.procedures)
      walkStmts(caller.body, (s) => {
        const p = s.kind === "call" ? statics.get(s.name) : undefined;
        if (p && s.kind === "call") calls.set(p, [...(calls.get(p) ?? []), s.args]);
        for (const e of stmtExprs(s)) onExpr(e);
      });
    for (const [p, sites] of calls) {
      if (escaped.has(p) || sites.some((args) => args.length !== p.params.length)) continue;
      const changed = changedParams(p);
      p.params.forEach((param, k) => {
        if (!isPointerParam(param) || changed === "all" || changed.has(param)) return;
        this.sites.set(
          param,
          sites.map((args) => namedArray(args[k]!)),
        );
      });
    }
  }

  /** Whether references through `a` and `b` can never touch the same memory. */
  disjoint(a: Sym, b: Sym): boolean {
    const A = this.sites.get(a);
    const B = this.sites.get(b);
    if (A && B) return A.every((o, i) => o !== null && B[i] !== null && o !== B[i]);
    if (A && isNamedArray(b)) return A.every((o) => o !== null && o !== b);
    if (B && isNamedArray(a)) return B.every((o) => o !== null && o !== a);
    return false;
  }
}

function isPointerParam(s: Sym): boolean {
  return s.storage === "dummy" && (s.attrs.pointer === true || s.type.base === "pointer");
}

/** An array object of its own: a global or local array, not a pointer or a parameter. */
function isNamedArray(s: Sym): boolean {
  return (s.storage === "global" || s.storage === "local") && s.dims.length > 0 && !s.attrs.pointer && s.type.base !== "pointer";
}

/** The array an actual argument points into, when it is `x` or `&x[...]` of a named array. */
function namedArray(e: Expr): Sym | null {
  if (e.kind === "var" && isNamedArray(e.sym)) return e.sym;
  if (e.kind === "addr" && e.operand.kind === "elem" && isNamedArray(e.operand.sym)) return e.operand.sym;
  if (e.kind === "cast") return namedArray(e.operand);
  return null;
}

/**
 * The parameters a function may point elsewhere: assigned, incremented,
 * their address taken, read into. "all" when it has a construct doall
 * does not understand (it might hide any of these).
 */
function changedParams(p: Procedure): Set<Sym> | "all" {
  const out = new Set<Sym>();
  let unknown = false;
  const target = (e: Expr) => {
    if (e.kind === "var") out.add(e.sym);
  };
  walkStmts(p.body, (s) => {
    if (s.kind === "assign") target(s.lhs);
    if (s.kind === "io") s.defs.forEach(target);
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") target(x.target);
        if (x.kind === "addr") target(x.operand);
        if (x.kind === "unknown") unknown = true;
      });
  });
  return unknown ? "all" : out;
}
