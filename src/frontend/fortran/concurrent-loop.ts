import type { Expr } from "../../ir/expr.js";
import type { IfStmt, Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import type { Span } from "../../source/span.js";
import { lowerAssignment, nest, unknownCondition, type IterationLoop } from "./array-assign.js";
import type { FConcurrent, FStmt } from "./ast.js";
import { indexSym, localSym } from "./construct-names.js";
import { mayShare } from "./construct-reads.js";
import { lowerExpr, variableSym } from "./lower-expr.js";
import type { UnitContext } from "./unit-context.js";

/**
 * DO CONCURRENT (F2018 11.1.7) as loops the analyses know. The user's DO
 * is a counted loop over the first index; each further index is an
 * implied loop inside it (the limits may not use the indices, C1123, so
 * the nest has the same iterations); the mask guards the body. The
 * indices and the LOCAL and LOCAL_INIT variables are construct entities
 * (F2018 11.1.7.5: new variables in each iteration), bound to their names
 * inside the construct; a LOCAL_INIT variable starts each iteration with
 * the value of the variable outside, an assignment at the top of the body.
 *
 * The set of active iterations is decided before any runs (11.1.7.4.2):
 * when the body may change what the mask reads, the mask is read for every
 * combination up front and the guard reads nothing (Conservative).
 *
 * That the iterations are independent is a promise of the standard, which
 * the parallelizer relies on for the loop itself (plan-program.ts);
 * nothing here assumes it.
 */
export interface OpenConcurrent {
  /** Where the body's statements go. */
  body: Stmt[];
  /** The loop CYCLE continues: the innermost index's. */
  innermost: Loop;
  /** The list the DO CONCURRENT is in (the mask may be read before it). */
  parent: Stmt[] | null;
  loops: IterationLoop[];
  guard: IfStmt | null;
  saved: Map<string, Sym> | undefined;
}

export function openConcurrent(loop: Loop, c: FConcurrent, parent: Stmt[] | null, u: UnitContext): OpenConcurrent {
  const span = loop.span;
  // The limits are read outside the construct; then the indices and LOCAL names mean the construct's entities.
  const loops: IterationLoop[] = c.specs.map((sp) => ({
    index: indexSym(u, sp.name, sp.nameSpan, c.type),
    lower: lowerExpr(sp.lo, u),
    upper: lowerExpr(sp.hi, u),
    step: sp.step ? lowerExpr(sp.step, u) : null,
    kind: "DO CONCURRENT",
  }));
  const bindings = new Map<string, Sym>(loops.map((l, i) => [c.specs[i]!.name, l.index]));
  const inits: { local: Sym; outside: Sym }[] = [];
  const names = (kind: string) => c.locality.flatMap((l) => (l.kind === kind && "names" in l ? l.names : []));
  for (const kind of ["local", "local_init"]) {
    for (const n of names(kind)) {
      const outside = variableSym(u, n, span);
      const local = localSym(u, outside, span);
      bindings.set(n, local);
      if (kind === "local_init") inits.push({ local, outside });
    }
  }
  const first = loops[0]!;
  loop.form = "do";
  loop.index = first.index;
  loop.lower = first.lower;
  loop.upper = first.upper;
  loop.step = first.step;
  loop.concurrent = {
    indices: loops.length,
    local: names("local"),
    localInit: names("local_init"),
    entities: [...bindings.values()].filter((x) => !loops.some((l) => l.index === x)),
    shared: names("shared"),
    reduce: c.locality.flatMap((l) => (l.kind === "reduce" ? [{ op: l.op, vars: l.names }] : [])),
    defaultNone: c.locality.some((l) => l.kind === "default-none"),
    masked: c.mask !== undefined,
  };
  // The further indices: implied loops, outermost first, inside the user's DO.
  let body = loop.body;
  let innermost = loop;
  if (loops.length > 1) {
    const inner = nest(loops.slice(1), [], span, u) as Loop;
    body.push(inner);
    innermost = inner;
    while (innermost.body.length && innermost.body[0]!.kind === "loop") innermost = innermost.body[0] as Loop;
    body = innermost.body;
  }
  const saved = u.bound;
  u.bound = new Map([...(saved ?? []), ...bindings]);
  let guard: IfStmt | null = null;
  if (c.mask) {
    guard = { kind: "if", cond: lowerExpr(c.mask, u), then: [], else: [], span };
    body.push(guard);
    body = guard.then;
  }
  for (const { local, outside } of inits) {
    const lhs: Expr = { kind: "var", sym: local, span, type: local.type };
    const rhs: Expr = { kind: "var", sym: outside, span, type: outside.type };
    body.push(...(lowerAssignment(lhs, rhs, null, span, u) ?? [{ kind: "assign", lhs, rhs, span }]));
  }
  return { body, innermost, parent, loops, guard, saved };
}

/** At the END DO: the outer names come back, and a mask the body may change is read up front. */
export function closeConcurrent(open: OpenConcurrent, loop: Loop, end: FStmt, u: UnitContext): void {
  if (open.saved) u.bound = open.saved;
  else delete u.bound;
  const g = open.guard;
  if (!g || !open.parent || !changesWhatItReads(loop, g.cond)) return;
  const at = open.parent.lastIndexOf(loop);
  const span: Span = loop.span;
  open.parent.splice(at < 0 ? open.parent.length : at, 0, nest(open.loops, [{ kind: "expr", expr: g.cond, span }], span, u));
  g.cond = unknownCondition(`the DO CONCURRENT mask of line ${loop.span.line}`, span);
  void end;
}

/** Whether the loop's body may store into what `mask` reads (every variable a call gets, or any, if it calls). */
function changesWhatItReads(loop: Loop, mask: Expr): boolean {
  const written: Sym[] = [];
  let calls = false;
  walkStmts(loop.body, (s) => {
    if (s.kind === "assign") {
      let t = s.lhs;
      while (t.kind === "member") t = t.base;
      if (t.kind === "var" || t.kind === "elem" || t.kind === "section") written.push(t.sym);
    } else if (s.kind === "io") for (const d of s.defs) walkExpr(d, (x) => void ((x.kind === "var" || x.kind === "elem") && written.push(x.sym)));
    else if (s.kind === "call" && !s.pure) calls = true;
    for (const e of stmtExprs(s)) walkExpr(e, (x) => void (x.kind === "call" && !(x.intrinsic && x.pure) && (calls = true)));
  });
  return calls || mayShare(mask, written);
}
