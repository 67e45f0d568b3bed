import type { Expr } from "../../ir/expr.js";
import type { FArg, FExpr, FStmt } from "./ast.js";
import { intrinsicInfo } from "./intrinsics.js";
import type { UnitContext } from "./unit-context.js";

/**
 * Whether a declared array bound (`real a(n)`) may stand for the array's
 * extent at a statement of the unit. Bounds are evaluated once, on entry
 * (F2018 10.1.11: specification expressions); the variable `n` may be
 * assigned later, and `n` at the statement is then not the extent. An
 * implied loop over a whole array (`a = 0`, `a(2:)`) uses a declared bound
 * only when it is built from literals, named constants and scalars of the
 * unit itself (locals and dummies, not EQUIVALENCEd, not host, COMMON or
 * module variables, which other code may change) that no statement of the
 * unit may redefine. Conservative: otherwise the assignment is not lowered.
 */
export function isStableBound(e: Expr, u: UnitContext): boolean {
  const redefined = (u.redefined ??= redefinedNames(u));
  let ok = true;
  const go = (x: Expr): void => {
    if (!ok) return;
    switch (x.kind) {
      case "int":
        return;
      case "var": {
        const s = x.sym;
        if (s.storage === "parameter") return;
        const own = u.scope.syms.get(s.name) === s;
        if (!own || redefined === "all" || redefined.has(s.name) || (s.storage !== "local" && s.storage !== "dummy") || s.dims.length > 0 || s.equivalence !== undefined || s.attrs.pointer || s.attrs.volatile) ok = false;
        return;
      }
      case "unary":
      case "cast":
        go(x.operand);
        return;
      case "binary":
        go(x.left);
        go(x.right);
        return;
      case "call":
        if (!(x.intrinsic && x.pure)) ok = false;
        else x.args.forEach(go);
        return;
      default:
        ok = false;
    }
  };
  go(e);
  return ok;
}

/** Keywords of an I/O control list whose variable the statement defines. */
const DEFINING = new Set(["iostat", "size", "iomsg", "newunit"]);

/**
 * The names the unit's executable statements may redefine (a superset):
 * assignment targets, DO variables, READ items, implied-DO variables,
 * IOSTAT= and INQUIRE results, ASSIGN targets, and every variable passed
 * to a procedure (by reference, it may come back changed). "all" when a
 * namelist READ may define anything.
 */
export function redefinedNames(u: UnitContext): Set<string> | "all" {
  const out = new Set<string>();
  let all = false;
  const base = (e: FExpr): string | null => (e.k === "name" ? e.name : e.k === "component" ? base(e.base) : e.k === "paren" ? null : null);
  const define = (e: FExpr) => {
    if (e.k === "implied-do") {
      out.add(e.var);
      e.items.forEach(define);
      return;
    }
    const n = base(e);
    if (n) out.add(n);
  };
  const isFunctionRef = (name: string) => {
    const s = u.scope.lookup(name);
    if (s && (s.dims.length > 0 || s.attrs.statementFunction)) return false;
    if (intrinsicInfo(name) && !s?.attrs.external) return false;
    return !(s?.type.base === "character" && s.storage !== "procedure");
  };
  const expr = (e: FExpr | null | undefined): void => {
    if (!e) return;
    switch (e.k) {
      case "name":
        for (const list of e.args) {
          const byRef = isFunctionRef(e.name);
          for (const a of list.items) arg(a, byRef);
        }
        return;
      case "component":
        expr(e.base);
        for (const list of e.args) for (const a of list.items) arg(a, false);
        return;
      case "unary":
      case "paren":
        expr(e.x);
        return;
      case "binary":
        expr(e.l);
        expr(e.r);
        return;
      case "complex":
        expr(e.re);
        expr(e.im);
        return;
      case "ctor":
        e.items.forEach(expr);
        return;
      case "implied-do":
        out.add(e.var);
        e.items.forEach(expr);
        [e.lo, e.hi, e.step].forEach(expr);
        return;
      default:
        return;
    }
  };
  const arg = (a: FArg, byRef: boolean) => {
    if (a.kind === "expr") {
      if (byRef) define(a.e);
      expr(a.e);
    } else if (a.kind === "range") [a.lo, a.hi, a.stride].forEach(expr);
  };
  const stmt = (s: FStmt): void => {
    switch (s.k) {
      case "assign":
      case "pointer-assign":
        define(s.lhs);
        expr(s.lhs);
        expr(s.rhs);
        return;
      case "do":
        if (s.var) out.add(s.var);
        [s.lo, s.hi, s.step, s.while].forEach(expr);
        if (s.concurrent) {
          for (const c of s.concurrent.specs) [c.lo, c.hi, c.step].forEach(expr);
          expr(s.concurrent.mask);
        }
        return;
      case "forall":
        for (const c of s.header.specs) [c.lo, c.hi, c.step].forEach(expr);
        expr(s.header.mask);
        if (s.stmt) stmt(s.stmt);
        return;
      case "where":
        expr(s.mask);
        if (s.stmt) stmt(s.stmt);
        return;
      case "elsewhere":
        expr(s.mask);
        return;
      case "logical-if":
        expr(s.cond);
        stmt(s.stmt);
        return;
      case "if-then":
      case "else-if":
        expr(s.cond);
        return;
      case "arith-if":
      case "computed-goto":
      case "select-case":
        expr(s.expr);
        return;
      case "call":
        for (const a of s.args) arg(a, true);
        return;
      case "return":
        expr(s.expr);
        return;
      case "stop":
        expr(s.code);
        return;
      case "io":
        for (const c of s.controls) {
          if (c.kind !== "expr") continue;
          if (c.keyword === "nml" && s.op === "read") all = true;
          if ((c.keyword && DEFINING.has(c.keyword)) || (s.op === "inquire" && c.keyword && c.keyword !== "unit" && c.keyword !== "file")) define(c.e);
          expr(c.e);
        }
        for (const it of s.items) {
          if (s.op === "read") define(it);
          expr(it);
        }
        return;
      case "allocate":
        s.items.forEach(define);
        s.items.forEach(expr);
        if (s.stat) define(s.stat);
        return;
      case "nullify":
        s.items.forEach(define);
        return;
      case "assign-label":
        out.add(s.variable);
        return;
      case "case":
        for (const v of s.values ?? []) [v.lo, v.hi].forEach(expr);
        return;
      default:
        return;
    }
  };
  for (const s of u.executable ?? []) stmt(s);
  return all ? "all" : out;
}
