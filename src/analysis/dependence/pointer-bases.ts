import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";

/**
 * The object each C pointer of a procedure points into (its *base*),
 * followed through copies, casts and offsets: after
 *
 *     double (*u)[n2][n1] = (double (*)[n2][n1])ou;
 *
 * every access `u[i][j][k]` is an access to the object `ou` points into,
 * with the cast's shape. Pointer arithmetic never leaves the object it
 * starts in (C99 6.5.6 ¶8), so two accesses through pointers of different
 * bases touch different objects whenever the bases are known to be
 * different objects (distinct named arrays, a `restrict` parameter and
 * anything not based on it: restrict.ts, param-bindings.ts).
 *
 * - A named object (a global or local array, or a scalar whose address is
 *   taken) is its own base.
 * - A pointer parameter the function never changes is its own base: the
 *   object the caller handed it.
 * - A local pointer whose every assignment is a copy, cast or offset
 *   (`p = q`, `(T *)q`, `q + k`, `&q[k]`, `p++`, `p += k`) of pointers of
 *   one base has that base; its address must not be taken.
 * - Anything else (a global pointer a call may change, a pointer read
 *   from memory, a pointer assigned from two bases) has none.
 */
const byBody = new WeakMap<readonly Stmt[], PointerBases>();

/**
 * The PointerBases of a procedure as its body is, made once per body: a
 * summary's accesses through parameters and its untraced writes
 * (through-params.ts), and a call's pointer arguments (plan-program.ts),
 * ask of the same procedure. A variant (a body swapped in) has a body of
 * its own, so its own bases.
 */
export function pointerBasesOf(proc: Procedure): PointerBases {
  let b = byBody.get(proc.body);
  if (!b) byBody.set(proc.body, (b = new PointerBases(proc)));
  return b;
}

export class PointerBases {
  private readonly assigned = new Map<Sym, Expr[]>();
  private readonly opaque = new Set<Sym>();
  private readonly memo = new Map<Sym, Sym | null>();
  private readonly offsetFree = new Set<Sym>();
  private readonly changed: Set<Sym> | "all";

  constructor(proc: Procedure) {
    this.changed = changedPointers(proc, this.assigned, this.opaque, this.offsetFree);
  }

  /** Whether the procedure may assign `s` (or cannot tell). */
  isChanged(s: Sym): boolean {
    return this.changed === "all" || this.changed.has(s);
  }

  /** The base of `s`, or null when unknown. */
  base(s: Sym): Sym | null {
    if (this.memo.has(s)) return this.memo.get(s)!;
    this.memo.set(s, null); // a cycle (p = q; q = p) has no base
    const b = this.compute(s);
    this.memo.set(s, b);
    return b;
  }

  /**
   * The base when `s` is exactly the pointer its base is (a parameter
   * never changed, or a local assigned only `(T)q` / `q` of such a
   * parameter, with no offset): two such views of bases that are the same
   * pointer are the same address.
   */
  exactView(s: Sym): Sym | null {
    const b = this.base(s);
    if (!b) return null;
    if (b === s) return s.storage === "dummy" ? s : null;
    if (!this.offsetFree.has(s)) return null;
    const list = this.assigned.get(s) ?? [];
    return list.every((e) => {
      const q = plainCopyOf(e);
      return q !== null && (q === b || this.exactView(q) === b);
    })
      ? b
      : null;
  }

  /** The base of the pointer value of `e` (`q`, `(T *)q`, `q + k`, `&q[k]`, `&x`), or null. */
  exprBase(e: Expr): Sym | null {
    switch (e.kind) {
      case "var":
        return isPointerLike(e.sym) || isNamedObject(e.sym) ? this.base(e.sym) : null;
      case "cast":
        return this.exprBase(e.operand);
      case "binary":
        if (e.op === "+" && isIntegral(e.right)) return this.exprBase(e.left);
        if (e.op === "+" && isIntegral(e.left)) return this.exprBase(e.right);
        if (e.op === "-" && isIntegral(e.right)) return this.exprBase(e.left);
        return null;
      case "addr": {
        const o = e.operand;
        if (o.kind === "elem" && isSinglePointer(o.sym)) return this.base(o.sym);
        if (o.kind === "elem" && isNamedObject(o.sym)) return o.sym;
        if (o.kind === "var" && isNamedObject(o.sym)) return o.sym;
        return null;
      }
      default:
        return null;
    }
  }

  private compute(s: Sym): Sym | null {
    if (isNamedObject(s)) return s;
    if (!isSinglePointer(s) || this.changed === "all" || this.opaque.has(s)) return null;
    if (s.storage === "dummy") return this.changed.has(s) ? null : s;
    if (s.storage !== "local" || s.attrs.save) return null;
    const list = this.assigned.get(s);
    if (!list || list.length === 0) return null;
    let base: Sym | null = null;
    for (const e of list) {
      if (offsetOf(e, s)) continue; // p = p + k keeps p's base
      const b = this.exprBase(e);
      if (!b || (base && b !== base)) return null;
      base = b;
    }
    return base;
  }
}

/** A pointer (C `T *p`, `T (*p)[n]`, an array parameter) through which one object is indexed: not `T **p`. */
export function isSinglePointer(s: Sym): boolean {
  if (s.type.base === "pointer") return s.dims.length === 0;
  return s.attrs.pointer === true && s.layout === "row-major" && s.dims.length > 0 && s.dims.slice(1).every((d) => d.upper !== null);
}

function isPointerLike(s: Sym): boolean {
  return s.type.base === "pointer" || s.attrs.pointer === true;
}

/** An object of its own: a global or local array or scalar, not a pointer or a parameter. */
export function isNamedObject(s: Sym): boolean {
  return (s.storage === "global" || s.storage === "local") && !s.attrs.pointer && s.type.base !== "pointer" && s.type.base !== "unknown";
}

function isIntegral(e: Expr): boolean {
  return e.type?.base === "integer";
}

/** Whether `e` is `s`, `s + k` or `s - k` (through casts). */
function offsetOf(e: Expr, s: Sym): boolean {
  if (e.kind === "var") return e.sym === s;
  if (e.kind === "cast") return offsetOf(e.operand, s);
  if (e.kind === "binary" && (e.op === "+" || e.op === "-") && isIntegral(e.right)) return offsetOf(e.left, s);
  if (e.kind === "binary" && e.op === "+" && isIntegral(e.left)) return offsetOf(e.right, s);
  return false;
}

/** `q` or `(T)q`: the pointer copied with no offset. */
function plainCopyOf(e: Expr): Sym | null {
  if (e.kind === "var") return e.sym;
  if (e.kind === "cast") return plainCopyOf(e.operand);
  return null;
}

/**
 * The parameters and locals a procedure may point elsewhere (assigned,
 * incremented, their address taken, read into); "all" when it has a
 * construct doall does not understand (it might hide any of these).
 * Fills `assigned` with each `p = e`'s value, marks in `opaque` the
 * pointers changed in ways not followed, and in `offsetFree` the locals
 * never moved by an offset (`p++`, `p += k`).
 */
export function changedPointers(p: Procedure, assigned?: Map<Sym, Expr[]>, opaque?: Set<Sym>, offsetFree?: Set<Sym>): Set<Sym> | "all" {
  const out = new Set<Sym>();
  const moved = new Set<Sym>();
  let unknown = false;
  const assign = (target: Expr, value: Expr | null, op: string) => {
    if (target.kind !== "var") return;
    out.add(target.sym);
    if (op === "=" && value) assigned?.set(target.sym, [...(assigned.get(target.sym) ?? []), value]);
    else if (op === "+=" || op === "-=" || op.startsWith("++") || op.startsWith("--")) moved.add(target.sym);
    else opaque?.add(target.sym);
  };
  walkStmts(p.body, (s) => {
    if (s.kind === "assign") assign(s.lhs, s.rhs, "=");
    if (s.kind === "io") s.defs.forEach((d) => d.kind === "var" && (out.add(d.sym), opaque?.add(d.sym)));
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind === "assign-expr") assign(x.target, x.value, x.op);
        if (x.kind === "addr" && x.operand.kind === "var") (out.add(x.operand.sym), opaque?.add(x.operand.sym));
        if (x.kind === "unknown") unknown = true;
      });
  });
  if (offsetFree) for (const s of out) if (!moved.has(s)) offsetFree.add(s);
  return unknown ? "all" : out;
}
