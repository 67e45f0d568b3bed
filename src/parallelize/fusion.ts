import type { Expr } from "../ir/expr.js";
import { exprEquals } from "../ir/expr-equals.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { childBlocks, stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { LoopPlan } from "./loop-plan.js";
import { plainCountedLoop } from "./plain-loop.js";
import { replaceRun } from "../ir/rewrite-blocks.js";
import { plainBody, writes } from "./plain-body.js";

/** The clauses a fused loop's directive takes (the fused body's plan). */
export type FusedClauses = Pick<LoopPlan, "private" | "firstprivate" | "lastprivate" | "reductions" | "linear" | "privateArrays">;

/**
 * Two adjacent loops that may run as one (seed 004 §3, fusion; issue 20
 * §3): `second` follows `first` in the same statement list, with the same
 * index, bounds and step, and the loop whose body is both bodies, in
 * order, is parallel with these clauses. Applied only when both keep
 * their directives to the end of the run (settleFusions): then one region
 * starts where two did, and the second body reads what the first wrote
 * while it is still in cache.
 */
export interface FusionCandidate {
  second: LoopPlan;
  clauses: FusedClauses;
}

/** A fusion applied: the first loop's own clauses, and the second loop's plan as it was (undoFusion puts them back). */
export interface Fusion {
  second: LoopPlan;
  saved: FusedClauses;
  savedSecond: Pick<LoopPlan, "emitted" | "reasons">;
}

/**
 * The pairs of a procedure's loops worth fusing, each with the first
 * loop's plan: adjacent plain counted loops (`plainCountedLoop`) with the
 * same index, bounds and step, each parallel with a directive so far and
 * nothing that fusion would have to merge (a run-time check, collapse,
 * schedule, pipelining, interchange, alignment or peeling, COMMON made threadprivate, an
 * unswitched guard), and bodies without
 * jumps (a CYCLE of the first loop would skip the second body once fused)
 * or calls of procedures (what they touch across the bodies is not
 * followed here). C: no variable declared in either body (both bodies in
 * one block would declare it twice). `planFused` plans the loop whose body
 * is both bodies; the candidate stands when that loop is parallel with no
 * condition, and no variable it makes private, lastprivate or a reduction
 * is written by the first body and read by the second: as written, the
 * second loop reads what the whole first loop left (its last value), and
 * fused, each iteration would read its own. The fused loop keeps the
 * first loop's profitability clause: it pays where the first alone does.
 *
 * Dependences between the bodies need nothing more: the fused loop is
 * parallel only when no iteration touches what another writes, and then
 * running body 1 and body 2 of each iteration in turn reads and writes
 * every element as the two loops did (what iteration i of the second loop
 * reads of the first's writes is iteration i's, before it in both orders).
 */
export function fusionCandidates(proc: Procedure, plans: readonly LoopPlan[], planFused: (fused: Loop, body: Stmt[], first: LoopPlan) => LoopPlan | null): Map<LoopPlan, FusionCandidate> {
  const out = new Map<LoopPlan, FusionCandidate>();
  const planOf = new Map(plans.map((p) => [p.loop, p] as const));
  const taken = new Set<LoopPlan>();
  const visit = (list: readonly Stmt[]) => {
    for (let k = 0; k + 1 < list.length; k++) {
      const a = list[k]!;
      const b = list[k + 1]!;
      if (a.kind !== "loop" || b.kind !== "loop") continue;
      const p1 = planOf.get(a);
      const p2 = planOf.get(b);
      if (!p1 || !p2 || taken.has(p1) || taken.has(p2) || !fusable(proc, p1, p2)) continue;
      // What rejects the pair below, asked first where the fused plan is not needed (issue 16: planning
      // the fused loop is analyzing the procedure again; NPB LU's erhs spent 420 ms on one pair):
      // a variable a clause of either loop names, written by the first body and read by the second.
      // Fused and parallel, the loop names it in a clause too (written in every iteration, it is
      // private, lastprivate, a reduction or linear there, or the loop carries it): crossesBodies
      // would reject the pair.
      if (crossesBodies(a.body, b.body, new Set([...clauseNames(clausesOf(p1)), ...clauseNames(clausesOf(p2))]), proc.language)) continue;
      // The indices of the first body's inner loops are private too, by OpenMP's rule and in no clause
      // (found by fuzzing: `b(i) = i * j` after a loop whose inner DO j left j for the second loop); the
      // second body may use one as its own inner loop's index.
      if (innerIndices(a.body).some((j) => readsOutsideItsLoops(b.body, j, proc.language))) continue;
      const fused: Loop = { ...a, body: [...a.body, ...b.body] };
      const v = planFused(fused, replaceRun(proc.body, [a, b], fused), p1);
      if (!v || !v.parallel || v.reasons.length > 0 || v.runtimeCheck || v.threadprivate?.length || v.doacross) continue;
      const clauses = clausesOf(v);
      if (crossesBodies(a.body, b.body, clauseNames(clauses), proc.language)) continue;
      out.set(p1, { second: p2, clauses });
      // A loop is fused with one neighbour at most (a chain of three is two pairs: not taken here).
      taken.add(p1);
      taken.add(p2);
    }
    for (const s of list) for (const b of childBlocks(s)) visit(b);
  };
  visit(proc.body);
  return out;
}

/** Whether two loop plans, as planned, are a pair fusion may take (the text is checked later: fuse-lines.ts). */
function fusable(proc: Procedure, p1: LoopPlan, p2: LoopPlan): boolean {
  const a = p1.loop;
  const b = p2.loop;
  if (!plainCountedLoop(a) || !plainCountedLoop(b) || a.index !== b.index || a.name || b.name || a.terminalLabel || b.terminalLabel) return false;
  if (!sameExpr(a.lower, b.lower) || !sameExpr(a.upper, b.upper) || !sameExpr(a.step, b.step)) return false;
  for (const p of [p1, p2])
    if (!p.emitted || !p.parallel || p.runtimeCheck || p.collapse !== 1 || p.schedule || p.doacross || p.interchange || p.realign || p.threadprivate?.length || p.guard || p.sizeCheck || p.stepCheck) return false;
  // The second loop's bounds are evaluated after the first loop as written: the first body may not change the
  // storage they read (they are the first loop's own bounds: p1.boundsWritten), and they may call no function
  // (found by fuzzing: `do i = 1, top()` twice, top() reading what the first loop writes).
  let calls = false;
  for (const e of [b.lower, b.upper, b.step]) if (e) walkExpr(e, (x) => void (x.kind === "call" && (calls = true)));
  if (calls || p1.boundsWritten) return false;
  if (!plainBody(a.body) || !plainBody(b.body)) return false;
  // (On the first loop's header line too: `for (...) { int g = i % 7;` hid the caller's g from the second body,
  // found by fuzzing.)
  if (proc.language === "c") for (const s of proc.symbols.values()) if (s.storage === "local" && s.span.line >= a.span.line && s.span.line <= b.endSpan.line) return false;
  return true;
}

function sameExpr(x: Expr | null, y: Expr | null): boolean {
  return x === null || y === null ? x === y : exprEquals(x, y);
}

/** The indices of the loops inside `body`. */
function innerIndices(body: readonly Stmt[]): Sym[] {
  const out: Sym[] = [];
  walkStmts(body, (s) => void (s.kind === "loop" && s.index && !out.includes(s.index) && out.push(s.index)));
  return out;
}

/** Whether `body` reads `j` (by name) other than inside a loop over j, which sets it first. */
function readsOutsideItsLoops(body: readonly Stmt[], j: Sym, lang: "fortran" | "c"): boolean {
  const same = (x: Sym) => (lang === "fortran" ? x.name.toLowerCase() === j.name.toLowerCase() : x.name === j.name);
  const reads = (e: Expr | null | undefined) => {
    let yes = false;
    if (e) walkExpr(e, (x) => void ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && same(x.sym) && (yes = true)));
    return yes;
  };
  for (const s of body) {
    if (s.kind === "loop") {
      if (reads(s.lower) || reads(s.upper) || reads(s.step)) return true;
      // A loop over j sets it before its body reads it.
      if (s.index && same(s.index)) continue;
      if (!s.index && stmtExprs(s).some(reads)) return true;
    } else if (stmtExprs(s).some(reads)) return true;
    for (const b of childBlocks(s)) if (readsOutsideItsLoops(b, j, lang)) return true;
  }
  return false;
}

/** Whether a variable the fused clauses name is written in the first body and read in the second. */
function crossesBodies(first: readonly Stmt[], second: readonly Stmt[], clauses: Set<string>, lang: "fortran" | "c"): boolean {
  const key = (n: string) => (lang === "fortran" ? n.toLowerCase() : n);
  const written = new Set(writes(first).map((s) => key(s.name)));
  let crosses = false;
  walkStmts(second, (s) => {
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if ((x.kind === "var" || x.kind === "elem" || x.kind === "section") && written.has(key(x.sym.name)) && clauses.has(key(x.sym.name))) crosses = true;
      });
  });
  return crosses;
}

function clausesOf(v: LoopPlan): FusedClauses {
  return { private: [...v.private], firstprivate: [...v.firstprivate], lastprivate: [...v.lastprivate], reductions: [...v.reductions], linear: [...v.linear], privateArrays: [...v.privateArrays] };
}

function clauseNames(c: FusedClauses): Set<string> {
  const names = [...c.private, ...c.firstprivate, ...c.lastprivate, ...c.reductions.map((r) => r.var), ...c.linear.map((l) => l.var), ...c.privateArrays];
  return new Set(names.flatMap((n) => [n, n.toLowerCase()]));
}


/**
 * Once the run's directives are final: a candidate whose two loops both
 * kept their directives is fused (the first loop's directive takes the
 * fused clauses, the second loop's goes, and its text is merged into the
 * first: fuse-lines.ts); any other candidate is dropped. `failed`: a file
 * with errors gets no directive, and no fusion.
 */
export function settleFusions(loops: readonly LoopPlan[], failed: boolean): void {
  for (const p of loops) {
    const c = p.fusable;
    delete p.fusable;
    if (!c || failed || !p.emitted || !c.second.emitted || p.fusion) continue;
    p.fusion = { second: c.second, saved: clausesOf(p), savedSecond: { emitted: c.second.emitted, reasons: c.second.reasons } };
    Object.assign(p, c.clauses);
    c.second.emitted = false;
    c.second.reasons = [{ kind: "nested", message: `fused into the loop at line ${p.loop.span.line}: the two loops run as one, in that loop's parallel region`, line: p.loop.span.line }];
  }
}

/** The loops as they were planned, each with its own directive (a text that cannot be merged: fuse-lines.ts). */
export function undoFusion(plan: LoopPlan): void {
  const f = plan.fusion;
  if (!f) return;
  Object.assign(plan, f.saved);
  f.second.emitted = f.savedSecond.emitted;
  f.second.reasons = f.savedSecond.reasons;
  delete plan.fusion;
}
