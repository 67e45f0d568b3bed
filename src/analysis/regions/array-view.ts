import type { Expr } from "../../ir/expr.js";
import { evalInt } from "../../ir/const-eval.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { Linear, formExpr, linearForm } from "../../ir/linear-form.js";
import type { Procedure } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { assignedInStmts } from "../assigned-in.js";
import type { ProcedureSummary } from "../summaries/summary.js";
import { inCallerTerms } from "./call-regions.js";
import { copiedCall } from "../../ir/procedure-variant.js";
import { copyIr } from "../../ir/copy-ir.js";
import { addConst } from "../../ir/add-const.js";
import { memberExtent } from "../summaries/common-layout.js";
import { touchesStorage } from "../summaries/touches-storage.js";

/** A vector seen as a matrix over a piece of a body: `view(r, c)` is element r + lead*(c - 1) of it. */
export interface ArrayView {
  /** The matrix (lead, *): a symbol of its own, for the coverage walk only. */
  view: Sym;
  /** The piece's statements with every reference to the vector made one to the view. */
  body: Stmt[];
}

/**
 * A vector work array that a body fills and reads as the rows of a matrix
 * (NPB FT's fftXYZ: `plane(j - bls + 1 + blkp*(i - 1)) = x(i, j, k)`,
 * then `call Swarztrauber(..., plane, blkp, ...)` whose dummy is
 * `x(xd1, n)` with xd1 = blkp, then the rows read back): every element the
 * body names, `e1 + lead*e2`, is `view(e1, e2 + 1)`, and the call's
 * regions fall on the view as on any matrix of that leading extent. A
 * coverage walk over the view (coverage.ts) then sees that the rows the
 * call reads are the ones the body wrote, which the vector's intervals
 * cannot say (the rows leave gaps between them).
 *
 * Sound for the walk's yes: a view element is one element of the vector
 * (a function from the view to the vector), so what is written or read in
 * the view is written or read in the vector, whether or not e1 stays
 * within the lead. Not for its no (two view elements may be one of the
 * vector): the walk must not trim reads to the view's bounds
 * (assumeBounds false for the view; the callees' own bounds still hold
 * for their regions), and a view's must-writes say nothing of the vector.
 *
 * The lead is a callee's leading extent, through its actual argument. The
 * body is cut around each top-level statement that assigns a variable of a
 * lead (fftXYZ sets blkp before each of its three passes): each piece has
 * its lead, the same for every call in it, and a view of its own (none
 * that names no such call: the vector itself, as view(e, 1)). Asked
 * whether some element is read before it is written, the answer is no
 * when it is no in every piece. Fortran, a vector of lower bound 1; C
 * (NPB-C FT: `plane[j - bls + blkp*i]` handed to a `void *` that the
 * callee sees as `dcomplex (*x)[xd1]`), a vector from 0 whose element
 * c + lead*r is `view[r][c]`. No call of the body may reach the vector
 * through its COMMON block or as a global (the view would not show it),
 * nor be unknown. Null when the body uses the vector any other way.
 */
export function arrayViews(proc: Procedure, sym: Sym, body: readonly Stmt[], summaries: (name: string) => ProcedureSummary | undefined): ArrayView[] | null {
  // Fortran: view(r, c) is element r + lead*(c - 1) of a vector from 1; C: view[r][c] is element c + lead*r of one from 0.
  const c = proc.language === "c";
  const base = c ? 0 : 1;
  if (sym.dims.length !== 1 || evalInt(sym.dims[0]!.lower) !== base) return null;
  // A callee reaching the vector through its COMMON block would not show on the view: none may.
  if (sym.storage === "common" && !memberExtent(proc, sym)) return null;
  const throughBlock = (sum: ProcedureSummary) => touchesStorage(proc, sym, sum, "use") || touchesStorage(proc, sym, sum, "def");
  // Each top-level statement's lead (the callee's leading extent where it is given the vector), if any.
  const leads: (Expr | null)[] = [];
  for (const top of body) {
    let lead: Expr | null = null;
    let bad = false;
    walkStmts([top], (s) => {
      const calls: { name: string; args: readonly Expr[]; span: Expr["span"] }[] = s.kind === "call" && !s.intrinsic ? [s] : [];
      for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !x.intrinsic && calls.push(x)));
      for (const call of calls) {
        const sum = summaries(call.name);
        if (!sum || sum.unknown || throughBlock(sum)) bad = true;
        call.args.forEach((a, k) => {
          if (a.kind !== "var" || a.sym !== sym || !sum) return;
          const d = sum.regions?.dummies[k];
          // The dummy's fast dimension: Fortran's first, C's last (NPB-C FT's `dcomplex (*x)[xd1]`).
          const fast = d?.dims[c ? 1 : 0];
          if (!d || d.dims.length !== 2 || evalInt(d.dims[0]!.lower) !== base || evalInt(d.dims[1]!.lower) !== base || !fast?.upper) return void (bad = true);
          const upper = inCallerTerms(proc, call, sum, fast.upper);
          const l = upper && (c ? addConst(upper, 1) : upper);
          if (!l || (lead && !exprEquals(lead, l))) return void (bad = true);
          lead = l;
        });
      }
    });
    if (bad) return null;
    leads.push(lead);
  }
  // No call gets the vector as a matrix: nothing to see in a view (and a copy of the body is costly).
  if (leads.every((l) => l === null)) return null;
  const leadVars = new Set<Sym>();
  for (const l of leads) if (l) walkExpr(l, (x) => void (x.kind === "var" && leadVars.add(x.sym)));
  // The pieces: cut after each statement that assigns a lead's variable.
  const out: ArrayView[] = [];
  let from = 0;
  const close = (to: number): boolean => {
    if (to <= from) return true;
    const piece = body.slice(from, to);
    let lead: Expr | null = null;
    for (let k = from; k < to; k++) {
      const l = leads[k] ?? null;
      if (l && lead && !exprEquals(l, lead)) return false;
      lead ??= l;
    }
    from = to;
    const changed = assignedInStmts(piece, summaries);
    let moves = false;
    if (lead) walkExpr(lead, (x) => void (x.kind === "var" && changed.has(x.sym) && (moves = true)));
    if (moves) return false;
    const at = lead ?? sym.dims[0]!.lower;
    const fast = { lower: int(at, base), upper: lead && (c ? addConst(lead, -1) : lead) };
    const slow = { lower: int(at, base), upper: lead ? null : int(at, base) };
    const view: Sym = { ...sym, id: -sym.id - 1, storage: "local", common: undefined, commonIndex: undefined, dims: c ? [slow, fast] : [fast, slow] };
    const rewritten = rewrite(piece, sym, view, lead, c);
    if (!rewritten) return false;
    out.push({ view, body: rewritten });
    return true;
  };
  for (let k = 0; k < body.length; k++) {
    // A statement that assigns a lead's variable is a piece of its own.
    const assigns = [...assignedInStmts([body[k]!], summaries)].some((x) => leadVars.has(x));
    if (assigns && (!close(k) || !close(k + 1))) return null;
  }
  if (!close(body.length)) return null;
  return out;
}

function int(at: Expr, value: number): Expr {
  return { kind: "int", value, span: at.span, type: { base: "integer", bytes: 4 } } as Expr;
}

function one(at: Expr): Expr {
  return int(at, 1);
}

/** The statements copied with the vector's references made the view's; null when one cannot be. */
function rewrite(body: readonly Stmt[], sym: Sym, view: Sym, lead: Expr | null, c: boolean): Stmt[] | null {
  let ok = true;
  const out = copyIr(
    [...body],
    (o, copy) => {
      if (!((o.kind === "var" || o.kind === "elem" || o.kind === "section") && o.sym === sym)) return undefined;
      if (o.kind === "var") return { ...o, sym: view };
      const subs = o.subs as Expr[];
      const split = o.kind === "elem" && subs.length === 1 ? rows(subs[0]!, lead, c) : null;
      if (!split) {
        ok = false;
        return o;
      }
      return { ...o, sym: view, subs: split.map((e) => copy(e)) };
    },
    // A call keeps what is known where it stands (the constants before it: specialized-regions.ts).
    (from, to) => void (from.kind === "call" && Array.isArray(from.args) && copiedCall(to.args as Expr[], from.args as Expr[])),
  );
  return ok ? out : null;
}

/**
 * `e1 + lead*e2` as [e1, e2 + 1] (Fortran) or [e2, e1] (C, row-major): the
 * terms that are the lead times something make e2, the rest e1 (no lead: e2 = 0).
 */
function rows(e: Expr, lead: Expr | null, cLayout: boolean): [Expr, Expr] | null {
  const f = linearForm(e);
  const r = new Linear();
  const c = new Linear();
  r.constant = f.constant;
  c.constant = cLayout ? 0 : 1;
  for (const t of f.terms) {
    const by = lead && factorOf(t.e, lead);
    if (by) c.add(by, t.coef);
    else r.add(t.e, t.coef);
  }
  return cLayout ? [formExpr(c, e.span), formExpr(r, e.span)] : [formExpr(r, e.span), formExpr(c, e.span)];
}

/** x when `e` is lead*x or x*lead (x = 1 for the lead itself); else null. */
function factorOf(e: Expr, lead: Expr): Expr | null {
  if (exprEquals(e, lead)) return one(e);
  if (e.kind !== "binary" || e.op !== "*") return null;
  if (exprEquals(e.left, lead)) return e.right;
  if (exprEquals(e.right, lead)) return e.left;
  return null;
}
