import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";
import { and, lowerAssignment, nest, unknownCondition, type IterationLoop } from "./array-assign.js";
import type { FConcurrentHeader, FStmt } from "./ast.js";
import { mayShare, targetSyms } from "./construct-reads.js";
import { indexSym, withBindings } from "./construct-names.js";
import { lowerExpr } from "./lower-expr.js";
import { markUnanalyzable, type UnitContext } from "./unit-context.js";
import { lowerWhereConstruct, lowerWhereStatement, type Around } from "./where-construct.js";

/**
 * FORALL (F2018 10.2.4) as implied loops. The index values and the mask
 * are determined once, when the FORALL starts (10.2.4.2.2); then each
 * statement of its body runs for every active combination of index
 * values, one statement after the other (10.2.4.2.3), each assignment
 * evaluating all its right sides before it stores anything. So every
 * assignment is a nest of loops over the indices (the first index
 * outermost), guarded by the mask, with array-assign.ts's two passes when
 * it reads what it stores: `forall (i = 2:n) a(i) = a(i-1)` reads
 * a(1..n-1) before any store. Nested FORALLs add their indices inside;
 * a WHERE inside adds its mask.
 *
 * The indices are construct entities (F2018 19.4): new symbols with the
 * names as written, seen only inside. When the body changes what the mask
 * reads, the mask is read once up front and the guards read nothing
 * (Conservative, as for WHERE); when it changes what the bounds read, the
 * unit is not analyzed. A pointer assignment in a FORALL is not modeled.
 */
export function lowerForall(stmts: readonly FStmt[], u: UnitContext, around: Around = { loops: [], guard: null }): Stmt[] {
  const head = stmts[0] as Extract<FStmt, { k: "forall" }>;
  const span = head.span;
  const h = header(head.header, u);
  return withBindings(u, h.bindings, () => {
    const loops = [...around.loops, ...h.loops];
    const mask = head.header.mask ? lowerExpr(head.header.mask, u) : null;
    const body = head.stmt ? [head.stmt] : stmts.slice(1, stmts.length - 1);
    const writes = targetSyms(body.flatMap((s) => assignmentTargets(s, u)));
    if (h.loops.some((l) => [l.lower, l.upper, l.step].some((e) => e !== null && mayShare(e, writes)))) {
      const reason = "a FORALL whose body changes what its bounds read is not supported";
      markUnanalyzable(u, reason, span);
      return [{ kind: "opaque", text: head.ll.text.trim(), reason, span }];
    }
    const out: Stmt[] = [];
    if (head.label !== undefined) out.push({ kind: "nop", span, label: head.label });
    let guard = and(around.guard, mask, span);
    if (mask && mayShare(mask, writes)) {
      // The mask as it is when the FORALL starts: read it for every combination, then guard by its value.
      out.push(nest(loops, around.guard ? [{ kind: "if", cond: around.guard, then: [{ kind: "expr", expr: mask, span }], else: [], span }] : [{ kind: "expr", expr: mask, span }], span, u));
      guard = and(around.guard, unknownCondition(`the FORALL mask of line ${span.line}`, span), span);
    }
    const inner: Around = { loops, guard };
    for (let i = 0; i < body.length; i++) {
      const s = body[i]!;
      if (s.label !== undefined && s !== head.stmt) out.push({ kind: "nop", span: s.span, label: s.label });
      if (s.k === "assign") out.push(...(lowerAssignment(lowerExpr(s.lhs, u), lowerExpr(s.rhs, u), { loops, guard, where: null, kind: "FORALL" }, s.span, u) ?? []));
      else if (s.k === "where" && s.stmt) out.push(...lowerWhereStatement(s, u, inner));
      else if ((s.k === "where" || s.k === "forall") && !s.stmt) {
        const end = matchingEnd(body, i);
        const construct = body.slice(i, end + 1);
        out.push(...(s.k === "where" ? lowerWhereConstruct(construct, u, inner) : lowerForall(construct, u, inner)));
        i = end;
      } else if (s.k === "forall") out.push(...lowerForall([s], u, inner));
      else if (s.k === "pointer-assign") {
        const reason = "pointer assignment (=>) in a FORALL is not supported";
        markUnanalyzable(u, reason, s.span);
        out.push({ kind: "opaque", text: s.ll.text.trim(), reason, span: s.span });
      } else u.ctx.diags.push({ id: "fortran.structure", severity: "error", message: "only assignments, WHERE and FORALL may appear in a FORALL construct", span: s.span });
    }
    const end = stmts[stmts.length - 1]!;
    if (!head.stmt && end.label !== undefined) out.push({ kind: "nop", span: end.span, label: end.label });
    return out;
  });
}

/** The index loops of a FORALL header and the names they bind; the bounds are read outside the construct. */
function header(h: FConcurrentHeader, u: UnitContext): { loops: IterationLoop[]; bindings: Map<string, Sym> } {
  const loops: IterationLoop[] = [];
  const bindings = new Map<string, Sym>();
  for (const sp of h.specs) {
    const index = indexSym(u, sp.name, sp.nameSpan, h.type);
    loops.push({ index, lower: lowerExpr(sp.lo, u), upper: lowerExpr(sp.hi, u), step: sp.step ? lowerExpr(sp.step, u) : null, kind: "FORALL" });
    bindings.set(sp.name, index);
  }
  return { loops, bindings };
}

/** The targets of the assignments in a FORALL body (nested constructs included), lowered for their symbols. */
function assignmentTargets(s: FStmt, u: UnitContext): Expr[] {
  if (s.k === "assign" || s.k === "pointer-assign") return [lowerTarget(s.lhs, u)];
  if ((s.k === "where" || s.k === "forall") && s.stmt) return assignmentTargets(s.stmt, u);
  return [];
}

/** Only the symbol of a target matters here: its base name, looked up (no implicit declaration). */
function lowerTarget(e: import("./ast.js").FExpr, u: UnitContext): Expr {
  let x = e;
  while (x.k === "component") x = x.base;
  const name = x.k === "name" ? x.name : "";
  const sym = u.bound?.get(name) ?? u.scope.lookup(name);
  const span: Span = e.span;
  return sym ? { kind: "var", sym, span } : { kind: "unknown", text: name, span };
}

/** Index of the END WHERE / END FORALL closing the construct opened at `i`. */
export function matchingEnd(stmts: readonly FStmt[], i: number): number {
  let depth = 0;
  for (let j = i; j < stmts.length; j++) {
    const s = stmts[j]!;
    if ((s.k === "where" || s.k === "forall") && !s.stmt) depth++;
    else if (s.k === "end-where" || s.k === "end-forall") {
      depth--;
      if (depth === 0) return j;
    }
  }
  return stmts.length - 1;
}
