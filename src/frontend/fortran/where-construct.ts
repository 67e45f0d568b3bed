import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import { LOGICAL } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import { and, lowerAssignment, nest, unknownCondition, type IterationLoop, type WhereMask } from "./array-assign.js";
import { mayShare, targetSyms } from "./construct-reads.js";
import type { FStmt } from "./ast.js";
import { lowerExpr } from "./lower-expr.js";
import type { UnitContext } from "./unit-context.js";

/**
 * WHERE as masked array assignments (F2018 10.2.3). Each assignment of the
 * construct runs, in order, over the elements where its control mask is
 * true: the WHERE mask, and in an ELSEWHERE block the elements no earlier
 * mask of the construct selected (and its own mask, if it has one); a
 * nested WHERE adds its mask to the enclosing one. array-assign.ts makes
 * each assignment an implied loop guarded by the mask's element.
 *
 * A mask is evaluated once, when its WHERE or ELSEWHERE statement runs
 * (10.2.3.2): an assignment of the construct that changes what a mask
 * reads must not change which elements a later assignment stores. Then
 * (Conservative) each mask is read whole where it is evaluated, and the
 * assignments are guarded by a condition that reads nothing ("the mask of
 * line N"): the reads happen when the standard makes them, and nothing
 * is assumed about which elements are selected.
 */

/** One block of a WHERE construct: its mask (none for a plain ELSEWHERE) and statements. */
interface Block {
  mask: Expr | null;
  at: FStmt;
  items: Item[];
}
type Item = { kind: "assign"; lhs: Expr; rhs: Expr; at: FStmt } | { kind: "where"; blocks: Block[]; end: FStmt | null };

/** A WHERE statement: one masked assignment. */
export function lowerWhereStatement(s: Extract<FStmt, { k: "where" }>, u: UnitContext, around: Around = NO_LOOPS): Stmt[] {
  const inner = s.stmt as Extract<FStmt, { k: "assign" }>;
  const tree: Item = { kind: "where", blocks: [{ mask: lowerExpr(s.mask, u), at: s, items: [{ kind: "assign", lhs: lowerExpr(inner.lhs, u), rhs: lowerExpr(inner.rhs, u), at: inner }] }], end: null };
  return emitTree(tree, around, u);
}

/** Loops and a guard around a WHERE (a FORALL's). */
export interface Around {
  loops: IterationLoop[];
  guard: Expr | null;
}
const NO_LOOPS: Around = { loops: [], guard: null };

/** A WHERE construct: `stmts` from its WHERE to its END WHERE. */
export function lowerWhereConstruct(stmts: readonly FStmt[], u: UnitContext, around: Around = NO_LOOPS): Stmt[] {
  let i = 0;
  const parse = (): Item => {
    const head = stmts[i++] as Extract<FStmt, { k: "where" }>;
    const blocks: Block[] = [{ mask: lowerExpr(head.mask, u), at: head, items: [] }];
    let end: FStmt | null = null;
    while (i < stmts.length) {
      const s = stmts[i]!;
      if (s.k === "end-where") {
        end = s;
        i++;
        break;
      }
      if (s.k === "elsewhere") {
        blocks.push({ mask: s.mask ? lowerExpr(s.mask, u) : null, at: s, items: [] });
        i++;
        continue;
      }
      const block = blocks[blocks.length - 1]!;
      if (s.k === "where" && !s.stmt) {
        block.items.push(parse());
        continue;
      }
      i++;
      if (s.k === "where" && s.stmt) {
        const a = s.stmt as Extract<FStmt, { k: "assign" }>;
        block.items.push({ kind: "where", blocks: [{ mask: lowerExpr(s.mask, u), at: s, items: [{ kind: "assign", lhs: lowerExpr(a.lhs, u), rhs: lowerExpr(a.rhs, u), at: a }] }], end: null });
      } else if (s.k === "assign") block.items.push({ kind: "assign", lhs: lowerExpr(s.lhs, u), rhs: lowerExpr(s.rhs, u), at: s });
      else u.ctx.diags.push({ id: "fortran.structure", severity: "error", message: "only assignments, WHERE and ELSEWHERE may appear in a WHERE construct", span: s.span });
    }
    return { kind: "where", blocks, end };
  };
  return emitTree(parse(), around, u);
}

function emitTree(tree: Item, around: Around, u: UnitContext): Stmt[] {
  // Does any assignment change what any mask reads (or may a mask's function read anything)?
  const masks: Expr[] = [];
  const targets: Expr[] = [];
  const collect = (it: Item) => {
    if (it.kind === "assign") targets.push(it.lhs);
    else for (const b of it.blocks) {
      if (b.mask) masks.push(b.mask);
      b.items.forEach(collect);
    }
  };
  collect(tree);
  const written = targetSyms(targets);
  const evaluated = masks.some((m) => mayShare(m, written));
  const out: Stmt[] = [];
  emit(tree, null, evaluated, around, out, u);
  return out;
}

function emit(it: Item, outer: Expr | null, evaluated: boolean, around: Around, out: Stmt[], u: UnitContext): void {
  if (it.kind === "assign") return;
  let prior: Expr | null = null;
  for (const b of it.blocks) {
    const span = b.at.span;
    if (b.at.label !== undefined) out.push({ kind: "nop", span, label: b.at.label });
    if (evaluated && b.mask) out.push(readWhole(b.mask, around, span, u));
    const mask = and(outer, and(prior, b.mask, span), span);
    for (const x of b.items) {
      if (x.kind === "where") {
        emit(x, mask, evaluated, around, out, u);
        continue;
      }
      if (x.at.label !== undefined) out.push({ kind: "nop", span: x.at.span, label: x.at.label });
      const where: WhereMask | null = evaluated ? { kind: "evaluated", cond: unknownCondition(`the WHERE mask of line ${it.blocks[0]!.at.span.line}`, span) } : mask ? { kind: "mask", expr: mask } : null;
      const stmts = lowerAssignment(x.lhs, x.rhs, { loops: around.loops, guard: around.guard, where, kind: "WHERE" }, x.at.span, u);
      out.push(...(stmts ?? []));
    }
    if (b.mask) prior = and(prior, not(b.mask, span), span);
  }
  if (it.end?.label !== undefined) out.push({ kind: "nop", span: it.end.span, label: it.end.label });
}

/** A mask read where the standard evaluates it: whole (any element of its arrays), inside the loops around. */
function readWhole(mask: Expr, around: Around, span: Span, u: UnitContext): Stmt {
  const read: Stmt = { kind: "expr", expr: mask, span };
  if (around.loops.length === 0) return read;
  // A WHERE inside a FORALL: the mask of every active index combination.
  return nestAround(around, [read], span, u);
}

function nestAround(around: Around, body: Stmt[], span: Span, u: UnitContext): Stmt {
  return nest(around.loops, around.guard ? [{ kind: "if", cond: around.guard, then: body, else: [], span }] : body, span, u);
}

function not(e: Expr, span: Span): Expr {
  return { kind: "unary", op: "not", operand: e, span, type: LOGICAL };
}
