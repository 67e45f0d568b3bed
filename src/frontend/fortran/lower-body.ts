import { evalInt } from "../../ir/const-eval.js";
import type { IfStmt, Loop, Stmt, SwitchStmt } from "../../ir/stmt.js";
import type { Span } from "../../source/span.js";
import type { FStmt } from "./ast.js";
import { lowerExpr, variableSym } from "./lower-expr.js";
import { closeConcurrent, openConcurrent, type OpenConcurrent } from "./concurrent-loop.js";
import { lowerForall, matchingEnd } from "./forall-construct.js";
import { lowerSimpleStatement } from "./lower-stmt.js";
import { lowerWhereConstruct } from "./where-construct.js";
import type { UnitContext } from "./unit-context.js";

type Frame =
  | { kind: "root"; list: Stmt[] }
  | { kind: "do"; loop: Loop; list: Stmt[]; target?: string; name?: string; head: FStmt; concurrent?: OpenConcurrent }
  | { kind: "if"; stmt: IfStmt; current: IfStmt; list: Stmt[]; name?: string; head: FStmt; sawElse: boolean }
  | { kind: "select"; stmt: SwitchStmt; list: Stmt[] | null; name?: string; head: FStmt };

/**
 * Builds the structured HIR body of a unit from its flat executable
 * statements: DO loops (labeled, including several sharing one terminal
 * statement, and DO/END DO), block IF with ELSE IF/ELSE, SELECT CASE.
 * Jumps stay jumps; the CFG resolves them.
 */
export function lowerBody(stmts: FStmt[], u: UnitContext): Stmt[] {
  u.executable = stmts;
  const root: Frame = { kind: "root", list: [] };
  const frames: Frame[] = [root];
  const top = () => frames[frames.length - 1]!;
  const add = (s: Stmt) => {
    const f = top();
    if (f.kind === "select") {
      if (!f.list) {
        u.ctx.diags.push({ id: "fortran.select-without-case", severity: "error", message: "statement between SELECT CASE and its first CASE", span: s.span });
        return;
      }
      f.list.push(s);
    } else f.list.push(s);
  };
  const err = (message: string, span: Span) => u.ctx.diags.push({ id: "fortran.structure", severity: "error", message, span });
  const labelNop = (s: FStmt) => {
    if (s.label !== undefined) add({ kind: "nop", span: s.span, label: s.label });
  };

  /** After a labeled statement, close the labeled DOs it terminates. */
  const closeLabeledDos = (label: string | undefined, s: FStmt) => {
    if (label === undefined) return;
    while (true) {
      const f = top();
      if (f.kind === "do" && f.target === label) {
        frames.pop();
        closeLoop(f.loop, s);
        continue;
      }
      break;
    }
    if (frames.some((f) => f.kind === "do" && f.target === label))
      err(`the DO loop ending at label ${label} is not properly nested with the constructs inside it`, s.span);
  };

  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i]!;
    switch (s.k) {
      case "do": {
        const loop = makeLoop(s, u);
        add(loop);
        const f: Frame = { kind: "do", loop, list: loop.body, head: s };
        if (s.concurrent) {
          const at = top();
          f.concurrent = openConcurrent(loop, s.concurrent, at.kind === "select" ? at.list : at.list, u);
          f.list = f.concurrent.body;
        }
        if (s.target !== undefined) f.target = s.target;
        if (s.name !== undefined) f.name = s.name;
        frames.push(f);
        continue;
      }
      case "where":
      case "forall": {
        if (s.stmt) break;
        // A WHERE or FORALL construct holds only assignments and nested WHERE/FORALL: lowered as a whole.
        const end = matchingEnd(stmts, i);
        const closed = stmts[end]!.k === (s.k === "where" ? "end-where" : "end-forall");
        if (!closed) err(`${s.k.toUpperCase()} has no END ${s.k.toUpperCase()}`, s.span);
        const construct = stmts.slice(i, end + 1);
        for (const st of s.k === "where" ? lowerWhereConstruct(construct, u) : lowerForall(construct, u)) add(st);
        i = end;
        if (closed) closeLabeledDos(stmts[end]!.label, stmts[end]!);
        continue;
      }
      case "elsewhere":
      case "end-where":
      case "end-forall":
        err(`${s.k === "elsewhere" ? "ELSEWHERE" : s.k === "end-where" ? "END WHERE" : "END FORALL"} without a matching ${s.k === "end-forall" ? "FORALL" : "WHERE"}`, s.span);
        continue;
      case "end-do": {
        const f = top();
        if (f.kind !== "do" || (f.target !== undefined && f.target !== s.label)) {
          err("END DO without a matching DO", s.span);
          continue;
        }
        if (s.name !== f.name) err(`END DO name '${s.name ?? ""}' does not match the DO construct name '${f.name ?? ""}'`, s.span);
        // A label on END DO is the target of a GOTO meaning "next iteration".
        labelNop(s);
        frames.pop();
        if (f.concurrent) closeConcurrent(f.concurrent, f.loop, s, u);
        closeLoop(f.loop, s);
        closeLabeledDos(s.label, s);
        continue;
      }
      case "if-then": {
        const stmt: IfStmt = { kind: "if", cond: lowerExpr(s.cond, u), then: [], else: [], span: s.span };
        if (s.label !== undefined) stmt.label = s.label;
        add(stmt);
        const f: Frame = { kind: "if", stmt, current: stmt, list: stmt.then, head: s, sawElse: false };
        if (s.name !== undefined) f.name = s.name;
        frames.push(f);
        continue;
      }
      case "else-if": {
        const f = top();
        if (f.kind !== "if" || f.sawElse) {
          err("ELSE IF without a matching IF (...) THEN", s.span);
          continue;
        }
        const inner: IfStmt = { kind: "if", cond: lowerExpr(s.cond, u), then: [], else: [], span: s.span };
        f.current.else.push(inner);
        f.current = inner;
        f.list = inner.then;
        continue;
      }
      case "else": {
        const f = top();
        if (f.kind !== "if" || f.sawElse) {
          err("ELSE without a matching IF (...) THEN", s.span);
          continue;
        }
        f.sawElse = true;
        f.list = f.current.else;
        continue;
      }
      case "end-if": {
        const f = top();
        if (f.kind !== "if") {
          err("END IF without a matching IF (...) THEN", s.span);
          continue;
        }
        frames.pop();
        labelNop(s);
        closeLabeledDos(s.label, s);
        continue;
      }
      case "select-case": {
        const stmt: SwitchStmt = { kind: "switch", selector: lowerExpr(s.expr, u), cases: [], fallthrough: false, span: s.span };
        if (s.label !== undefined) stmt.label = s.label;
        add(stmt);
        const f: Frame = { kind: "select", stmt, list: null, head: s };
        if (s.name !== undefined) f.name = s.name;
        frames.push(f);
        continue;
      }
      case "case": {
        const f = top();
        if (f.kind !== "select") {
          err("CASE outside SELECT CASE", s.span);
          continue;
        }
        const c: SwitchStmt["cases"][number] = { values: null, body: [], span: s.span };
        if (s.values) {
          c.values = [];
          for (const v of s.values) {
            if (v.range) {
              (c.ranges ??= []).push([v.lo ? lowerExpr(v.lo, u) : null, v.hi ? lowerExpr(v.hi, u) : null]);
            } else if (v.lo) c.values.push(lowerExpr(v.lo, u));
          }
        }
        f.stmt.cases.push(c);
        f.list = c.body;
        continue;
      }
      case "end-select": {
        const f = top();
        if (f.kind !== "select") {
          err("END SELECT without SELECT CASE", s.span);
          continue;
        }
        frames.pop();
        labelNop(s);
        closeLabeledDos(s.label, s);
        continue;
      }
      case "format":
        continue;
      default:
        break;
    }
    // Statements that open no block (and WHERE and FORALL statements).
    for (const st of lowerSimpleStatement(s, u, (name, kind) => findLoop(frames, name, kind)?.id)) add(st);
    closeLabeledDos(s.label, s);
  }
  for (let i = frames.length - 1; i > 0; i--) {
    const f = frames[i]!;
    if (f.kind === "do") err(f.target !== undefined ? `DO loop has no terminal statement labeled ${f.target}` : "DO loop has no END DO", f.head.span);
    else if (f.kind === "if") err("IF (...) THEN has no END IF", f.head.span);
    else if (f.kind === "select") err("SELECT CASE has no END SELECT", f.head.span);
  }
  return root.list;
}

/** The loop ends at `end`: its END DO or labeled terminal statement. */
function closeLoop(loop: Loop, end: FStmt): void {
  loop.endSpan = end.span;
  if (end.ll.sharesLastLine) loop.sharesLine = { ...loop.sharesLine, last: true };
}

function findLoop(frames: Frame[], name: string | undefined, kind: "exit" | "cycle"): Loop | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    if (f.kind === "do" && (name === undefined || f.name === name)) return kind === "cycle" && f.concurrent ? f.concurrent.innermost : f.loop;
  }
  return undefined;
}

function makeLoop(s: Extract<FStmt, { k: "do" }>, u: UnitContext): Loop {
  // Built field by field in one literal: spreading a base object here was a hot spot.
  const loop: Loop = {
    kind: "loop",
    id: u.ctx.nextLoopId(),
    form: "do",
    index: null,
    lower: null,
    upper: null,
    step: null,
    cond: null,
    body: [],
    candidate: true,
    span: s.span,
    endSpan: s.span,
  };
  if (s.while) {
    loop.form = "while";
    loop.cond = lowerExpr(s.while, u);
    loop.candidate = false;
    loop.notCandidate = "DO WHILE loop: its trip count is not known when it starts";
  } else if (s.concurrent) {
    // Its index and bounds are set by openConcurrent (concurrent-loop.ts).
  } else if (s.var === undefined) {
    loop.form = "forever";
    loop.candidate = false;
    loop.notCandidate = "DO without loop control: it only ends by a jump";
  } else {
    const index = variableSym(u, s.var, s.varSpan ?? s.span);
    loop.index = index;
    loop.lower = lowerExpr(s.lo!, u);
    loop.upper = lowerExpr(s.hi!, u);
    loop.step = s.step ? lowerExpr(s.step, u) : null;
    if (loop.step && evalInt(loop.step) === 0) {
      // The standard requires a nonzero step (F2018 11.1.7.4.1); gfortran rejects a constant zero.
      u.ctx.diags.push({ id: "fortran.zero-step", severity: "error", message: "the DO step is zero", span: loop.step.span });
      loop.candidate = false;
      loop.notCandidate = "its step is zero";
    }
    if (index.type.base !== "integer" && index.type.base !== "unknown") {
      loop.candidate = false;
      loop.notCandidate = `the DO variable ${index.name} is not an integer`;
    }
  }
  if (s.ll.sharesFirstLine) loop.sharesLine = { first: true };
  if (s.label !== undefined) loop.label = s.label;
  if (s.target !== undefined) loop.terminalLabel = s.target;
  if (s.name !== undefined) loop.name = s.name;
  const omp = s.ll.directivesBefore?.filter((d) => d.sentinel === "omp");
  if (omp && omp.length) {
    const last = omp[omp.length - 1]!;
    if (/^(parallel\s*)?do\b/i.test(last.text) || /^(parallel\s*)?do\s*simd\b/i.test(last.text)) loop.existingDirective = last.text;
  }
  return loop;
}
