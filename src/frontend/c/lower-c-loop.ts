import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { walkStmts } from "../../ir/walk.js";
import { printExpr } from "../../ir/print.js";
import { CScope, type FnContext } from "./c-context.js";
import { field, fields, type CNode } from "./c-syntax.js";
import { addConst } from "../../ir/add-const.js";
import { bodyEffects, exprReads, mayAlias } from "./loop-effects.js";
import { lowerLocalDeclaration } from "./lower-c-decl.js";
import { lowerExpr } from "./lower-c-expr.js";
import { lowerBody, lowerExpressionStatement } from "./lower-c-stmt.js";

/** A loop shell: span is the header (`for (...)`, `while (...)`, `do`), endSpan the last token. */
function newLoop(f: FnContext, n: CNode, headerEnd: number): Loop {
  const c = f.c;
  const loop: Loop = {
    kind: "loop",
    id: c.nextLoopId(),
    form: "while",
    index: null,
    lower: null,
    upper: null,
    step: null,
    cond: null,
    body: [],
    candidate: false,
    span: c.map.span(c.pos(n.start), c.pos(headerEnd)),
    endSpan: c.map.span(c.pos(n.end - 1), c.pos(n.end)),
  };
  // An OpenMP directive right before the loop (`#pragma omp parallel for ...`).
  const at = c.pos(n.start);
  const p = c.pragmas.find((x) => x.next === at && /^omp\s+(parallel\s+)?for\b/.test(x.text));
  if (p) loop.existingDirective = p.text.replace(/^omp\s+/, "");
  // Any other pragma right before it (`#pragma GCC ivdep`, `#pragma unroll`) must stay next to the for:
  // a directive between them is refused by the compiler (found by fuzzing).
  else if (c.pragmas.some((x) => x.next === at)) loop.sharesLine = { ...loop.sharesLine, pragma: true };
  return loop;
}

function lowerLoopBody(f: FnContext, loop: Loop, body: CNode | undefined): void {
  f.breakables.push({ kind: "loop", loop });
  loop.body = lowerBody(f, body);
  f.breakables.pop();
}

export function lowerWhile(f: FnContext, n: CNode): Loop {
  const condNode = field(n, "condition");
  const loop = newLoop(f, n, condNode?.end ?? n.start + 5);
  loop.cond = condNode ? lowerExpr(f, condNode) : null;
  loop.notCandidate = "while loop: its trip count is not known when it starts";
  lowerLoopBody(f, loop, field(n, "body"));
  return loop;
}

export function lowerDoWhile(f: FnContext, n: CNode): Loop {
  const loop = newLoop(f, n, n.start + 2);
  loop.form = "do-until";
  loop.notCandidate = "do-while loop: its trip count is not known when it starts";
  lowerLoopBody(f, loop, field(n, "body"));
  const condNode = field(n, "condition");
  loop.cond = condNode ? lowerExpr(f, condNode) : null;
  return loop;
}

/**
 * A for loop. It becomes a counted loop (form "do", the semantics of a
 * Fortran DO: lower, inclusive upper, step) when it has the canonical form
 * `for (i = lb; i < / <= / > / >= ub; i++ / ++i / i-- / --i / i += c / i -= c)`
 * with an integer index the body never writes, a constant step going the
 * way the test expects, and a bound the body cannot change. Otherwise it
 * stays a while loop (init, cond, update) that is not a candidate, and
 * `notCandidate` says which condition failed.
 */
export function lowerFor(f: FnContext, n: CNode): Stmt[] {
  const saved = f.scope;
  f.scope = new CScope(saved);
  const initNode = field(n, "initializer");
  const condNode = field(n, "condition");
  const updNodes = fields(n, "update");
  const bodyNode = field(n, "body");
  const closeParen = n.children.find((x) => x.type === ")" && (!bodyNode || x.end <= bodyNode.start));
  const loop = newLoop(f, n, closeParen?.end ?? n.start + 3);
  const init: Stmt[] = [];
  if (initNode) {
    if (initNode.type === "declaration") lowerLocalDeclaration(f, initNode, init);
    else lowerExpressionStatement(f, initNode, init);
  }
  loop.cond = condNode ? lowerExpr(f, condNode) : null;
  lowerLoopBody(f, loop, bodyNode);
  const update: Stmt[] = [];
  for (const u of updNodes) lowerExpressionStatement(f, u, update);
  f.scope = saved;
  if (init.length) loop.init = init;
  if (update.length) loop.update = update;

  if (!initNode && !condNode && updNodes.length === 0) {
    loop.form = "forever";
    loop.notCandidate = "for (;;) loop: it only ends by a jump";
    return [loop];
  }
  // `for (j = 0, i = 0; ...)`: what the init does besides setting the index runs once, before the loop.
  const { pre, indexInit } = splitInit(init, loop.cond);
  const shape = canonicalShape(indexInit, loop.cond, update);
  if ("reason" in shape) {
    loop.notCandidate = shape.reason;
    return [loop];
  }
  if (pre.length) {
    loop.init = indexInit;
    // No OpenMP loop form has it: a directive there does not compile.
    loop.extraInit = true;
  }
  // `for (int i = 0, t; ...)`: a declaration of more than the index, even without an initializer (found by
  // fuzzing: the directive did not compile).
  if (initNode?.type === "declaration" && fields(initNode, "declarator").length > 1) loop.extraInit = true;
  loop.notCandidate = "not checked yet";
  f.loopChecks.push(() => {
    const keep: Sym[] = [];
    const reason = invarianceProblem(f, loop, shape, keep);
    const step: Expr | null = typeof shape.step !== "number" ? shape.step : shape.step === 1 ? null : { kind: "int", value: shape.step, span: shape.stepSpan, type: { base: "integer", bytes: 4 } };
    if (reason) {
      loop.notCandidate = reason;
      return;
    }
    if (keep.length > 0) {
      // Counted once the callees are known not to write the globals the bound reads (counted-loops.ts).
      const fx = bodyEffects(loop.body);
      loop.notCandidate = `${boundOf("bound", printExpr(shape.bound), keep[0]!)} reads a global, and the body calls ${fx.userCall!.name}, which may change it`;
      loop.countedIf = { keep, index: shape.index, lower: shape.lower, upper: shape.upper, step };
      return;
    }
    loop.form = "do";
    loop.index = shape.index;
    loop.lower = shape.lower;
    loop.upper = shape.upper;
    loop.step = step;
    loop.cond = null;
    delete loop.init;
    delete loop.update;
    loop.candidate = true;
    delete loop.notCandidate;
  });
  return [...pre, loop];
}

/**
 * Separates the assignment to the compared variable from the rest of a
 * for-init. The rest may move before the loop if it does not touch the
 * index and (when it comes after the index assignment) writes nothing the
 * lower bound reads.
 */
function splitInit(init: Stmt[], cond: Expr | null): { pre: Stmt[]; indexInit: Stmt[] } {
  const whole = { pre: [], indexInit: init };
  if (init.length < 2 || !cond || cond.kind !== "binary") return whole;
  const v = cond.left.kind === "var" ? cond.left.sym : cond.right.kind === "var" ? cond.right.sym : null;
  const k = init.findIndex((s) => s.kind === "assign" && s.lhs.kind === "var" && s.lhs.sym === v);
  if (!v || k < 0) return whole;
  const idx = init[k]! as Extract<Stmt, { kind: "assign" }>;
  const reads = exprReads(idx.rhs).syms;
  const others = init.filter((_, j) => j !== k);
  for (const [j, s] of init.entries()) {
    if (j === k) continue;
    if (s.kind !== "assign" && s.kind !== "expr") return whole;
    const fx = bodyEffects([s]);
    if (fx.written.has(v.id) || stmtReads(s).includes(v)) return whole;
    if (j > k && reads.some((r) => fx.written.has(r.id))) return whole;
  }
  return { pre: others, indexInit: [idx] };
}

function stmtReads(s: Stmt): Sym[] {
  if (s.kind === "assign") return [...exprReads(s.lhs).syms, ...exprReads(s.rhs).syms];
  if (s.kind === "expr") return exprReads(s.expr).syms;
  return [];
}

interface Shape {
  index: Sym;
  lower: Expr;
  upper: Expr;
  bound: Expr;
  /** A constant, or an expression the body does not change (counting up, `i += s`). */
  step: number | Expr;
  stepSpan: Loop["span"];
}

const FLIP: Record<string, string> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!=" };

/** The syntactic part of the canonical-form test, on the lowered init, condition and update. */
function canonicalShape(init: Stmt[], cond: Expr | null, update: Stmt[]): Shape | { reason: string } {
  const first = init[0];
  if (init.length !== 1 || first!.kind !== "assign" || first!.lhs.kind !== "var")
    return { reason: init.length === 0 ? "the for loop does not initialize its index" : "the initialization is not a single assignment to the index" };
  const index = first!.lhs.sym;
  const lower = first!.rhs;
  if (index.dims.length > 0 || (index.type.base !== "integer" && index.type.base !== "unknown")) return { reason: `the index ${index.name} is not an integer variable` };
  if (index.attrs.volatile) return { reason: `the index ${index.name} is volatile` };
  if (!cond || cond.kind !== "binary" || !(cond.op in FLIP)) return { reason: "the condition is not a comparison of the index with a bound (i < n, i <= n, i > n, i >= n)" };
  let op: string = cond.op;
  let bound: Expr;
  if (isVar(cond.left, index)) bound = cond.right;
  else if (isVar(cond.right, index)) {
    bound = cond.left;
    op = FLIP[op]!;
  } else return { reason: `the condition does not compare the index ${index.name} with a bound` };
  // A signed index against an unsigned bound at least as wide (C11 6.3.1.8): the comparison is made in
  // the unsigned type, where a negative index is huge, and OpenMP's loop compares in the index's own
  // (found by fuzzing: `for (int i = -5; i < n; i++)` with an unsigned n runs no iteration in C, n + 5 in
  // the parallel loop). The same when the index starts at a constant >= 0 and counts up: it is never negative.
  const bt = bound.type ?? (bound.kind === "var" ? bound.sym.type : undefined);
  const unsignedCompare = !index.type.unsigned && bt?.base === "integer" && bt.unsigned && (bt.bytes ?? 4) >= Math.max(4, index.type.bytes ?? 4);
  const lowest = evalInt(lower);
  const mixed = (step: number) => unsignedCompare && !(step > 0 && lowest !== undefined && lowest >= 0);
  const mixedWhy = { reason: `the condition compares the signed index ${index.name} with an unsigned bound, in unsigned arithmetic, where a negative index is a large number` };
  const u = update[0];
  if (update.length !== 1 || u!.kind !== "assign" || !isVar(u!.lhs, index)) return { reason: `the update is not ${index.name}++, ${index.name}--, ${index.name} += c or ${index.name} -= c` };
  const r = u!.rhs;
  let stepExpr: Expr | undefined;
  let sign = 1;
  if (r.kind === "binary" && r.op === "+" && isVar(r.left, index)) stepExpr = r.right;
  else if (r.kind === "binary" && r.op === "+" && isVar(r.right, index)) stepExpr = r.left;
  else if (r.kind === "binary" && r.op === "-" && isVar(r.left, index)) {
    stepExpr = r.right;
    sign = -1;
  }
  if (!stepExpr) return { reason: `the update is not ${index.name}++, ${index.name}--, ${index.name} += c or ${index.name} -= c` };
  const c = evalInt(stepExpr);
  if (c === undefined) {
    // `i += s` with s no constant, counting up to a bound (tiles of a size known at run time): counted with
    // that step, which the dependence tests take as at least 1 under a run-time check (LoopModel.stride).
    // A loop with s <= 0 would not end (or overflow): no such run is a correct program.
    const reads = exprReads(stepExpr);
    const integer = stepExpr.type?.base === "integer" || (stepExpr.kind === "var" && stepExpr.sym.type.base === "integer");
    if (sign !== 1 || (op !== "<" && op !== "<=") || !integer || reads.sideEffect || reads.impureCall || reads.viaPointer) return { reason: "the step is not a constant" };
    if (mixed(1)) return mixedWhy;
    return { index, lower, upper: op === "<" ? addConst(bound, -1) : bound, bound, step: stepExpr, stepSpan: stepExpr.span };
  }
  const step = sign * c;
  if (step === 0) return { reason: "the step is zero" };
  if (op === "!=") return { reason: "the condition uses != (counted loops need <, <=, > or >=)" };
  if (step > 0 && (op === ">" || op === ">=")) return { reason: `the index counts up but the condition ${index.name} ${op} ... cannot stop it` };
  if (step < 0 && (op === "<" || op === "<=")) return { reason: `the index counts down but the condition ${index.name} ${op} ... cannot stop it` };
  if (index.type.unsigned && step < 0 && op === ">=") return { reason: `the unsigned index ${index.name} counts down with >=, which may never fail` };
  if (mixed(step)) return mixedWhy;
  const upper = op === "<" ? addConst(bound, -1) : op === ">" ? addConst(bound, 1) : bound;
  return { index, lower, upper, bound, step, stepSpan: stepExpr.span };
}

function isVar(e: Expr, s: Sym): boolean {
  return e.kind === "var" && e.sym === s;
}

function line(sp: { line: number }): string {
  return `line ${sp.line}`;
}

/**
 * The semantic part: the body does not write the index, the bound does not
 * change while the loop runs, and no jump enters the body from outside.
 */
function invarianceProblem(f: FnContext, loop: Loop, s: Shape, keep: Sym[]): string | null {
  const fx = bodyEffects(loop.body);
  const i = s.index;
  const w = fx.written.get(i.id);
  if (w) return `the body writes the index ${i.name} (${line(w)})`;
  const aliasedBy = (v: Sym) => fx.pointerWrites.some((t) => mayAlias(t, v.type));
  if (f.addressTaken.has(i.id) && (fx.userCall || aliasedBy(i))) return `the address of the index ${i.name} is taken, and the body may change it through a pointer`;
  if (isGlobal(i) && fx.userCall) return `the index ${i.name} is global and the body calls ${fx.userCall.name}, which may change it`;

  const bound = changes(f, fx, s.bound, "bound", keep);
  if (bound) return bound;
  // A step that is no constant must not change either; a global one, deferred to the callees' summaries
  // as the bound (NPB-C FT's `bls += fftblock` around `Swarztrauber`).
  const step = typeof s.step === "number" ? null : changes(f, fx, s.step, "step", keep);
  if (step) return step;

  // A goto from outside the loop into its body makes the trip count meaningless.
  const labels = new Set<string>();
  const inner = new Set<Stmt>();
  walkStmts(loop.body, (x) => {
    if (x.label !== undefined) labels.add(x.label);
    if (x.kind === "goto") inner.add(x);
  });
  if (labels.size) {
    let entered = false;
    walkStmts(f.proc.body, (x) => {
      if (x.kind === "goto" && labels.has(x.target) && !inner.has(x)) entered = true;
    });
    if (entered) return "a goto from outside the loop jumps into its body";
  }
  return null;
}

/**
 * Why a loop's bound or step may change while the loop runs, or null. A
 * global the body's calls may write is left to the callees' summaries
 * when `keep` is given (pushed there), unless its address is taken.
 */
function changes(f: FnContext, fx: ReturnType<typeof bodyEffects>, e: Expr, what: "bound" | "step", keep: Sym[] | null): string | null {
  const b = exprReads(e);
  const text = printExpr(e);
  if (b.sideEffect) return `the ${what} ${text} has side effects`;
  if (b.impureCall) return `the ${what} ${text} calls ${b.impureCall}`;
  for (const v of b.syms) {
    if (v.storage === "procedure" || v.storage === "parameter") continue;
    const wv = fx.written.get(v.id);
    if (wv) return `the ${what} ${text} may change in the body: ${v.name} is written (${line(wv)})`;
    if (v.attrs.volatile) return `the ${what} ${text} reads the volatile ${v.name}`;
    const deferred = keep !== null && isGlobal(v) && fx.userCall !== null && !f.addressTaken.has(v.id) && v.attrs.pointer !== true && v.type.base !== "pointer";
    if (isGlobal(v) && fx.userCall && !deferred) return `${boundOf(what, text, v)} reads a global, and the body calls ${fx.userCall.name}, which may change it`;
    if (deferred) keep.push(v);
    // Writes through pointers reach globals, variables whose address was taken, and pointees.
    const exposed = isGlobal(v) || f.addressTaken.has(v.id) || v.attrs.pointer === true;
    const writes = deferred ? fx.ownPointerWrites : fx.pointerWrites;
    if (exposed && writes.some((t) => mayAlias(t, v.type))) return `${boundOf(what, text, v)} may change through the writes via pointers in the body`;
    if (f.addressTaken.has(v.id) && fx.userCall) return `the address of ${v.name} (in the ${what}) is taken and the body calls ${fx.userCall.name}`;
  }
  if (b.viaPointer && (fx.userCall || fx.pointerWrites.length)) return `the ${what} ${text} reads through a pointer, and the body writes through pointers`;
  // A pointer may hold an element of an array, or a global's or an address-taken variable's address
  // (`lim = &B[100]; for (i = 0; i < *lim; i++) B[i] = 7;`, found by fuzzing): a write to one by name
  // may change the bound as much as a write through a pointer.
  if (b.viaPointer)
    for (const s of fx.writtenSyms.values())
      if (s.dims.length > 0 || isGlobal(s) || f.addressTaken.has(s.id)) return `the ${what} ${text} reads through a pointer, and the body writes ${s.name} (${line(fx.written.get(s.id)!)}), which the pointer may reach`;
  return null;
}

function boundOf(what: "bound" | "step", text: string, v: Sym): string {
  return text === v.name ? `the ${what} ${text}` : `the ${what} ${text} (through ${v.name})`;
}

function isGlobal(s: Sym): boolean {
  return s.storage === "global" || s.storage === "common" || s.storage === "module" || s.attrs.save === true;
}

