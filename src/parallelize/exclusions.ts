import type { Expr } from "../ir/expr.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { Reason } from "./reason.js";
import { setsErrno } from "../frontend/c/libc.js";

/** What is known about a called procedure's effects, for the call exclusion. */
export type CallVerdict =
  /** No side effects (intrinsics, math.h, statement functions). */
  | { kind: "pure" }
  /** Its summary is known: the dependence analysis sees its reads and writes at the call. */
  | { kind: "summarized" }
  /** Nothing is known (outside the file, recursive, or does I/O): it blocks. */
  | { kind: "unknown"; why: string };

/**
 * The loops seed 004 §0 excludes from DOALL detection, beyond what the
 * dependence graph decides: loops that are not counted loops, loops with
 * I/O, loops a jump can leave (GOTO out, EXIT/break, RETURN, STOP,
 * alternate returns, ERR=/END= labels outside), and calls whose effects are
 * not known. (The spec's other exclusions are lifted, as the issue asks:
 * pure and summarized calls are allowed, nests of any depth are allowed;
 * unsupported data makes the whole procedure unanalyzable upstream.)
 * Returns one reason per offending statement, in source order.
 */
export function exclusions(loop: Loop, proc: Procedure, callVerdict: (name: string) => CallVerdict, errno: { read: boolean } = { read: true }): Reason[] {
  const out: Reason[] = [];
  if (proc.language === "c") out.push(...errnoReasons(loop, errno.read));
  if (proc.unanalyzable) out.push({ kind: "unanalyzable", message: `the procedure is not analyzed: ${proc.unanalyzable.reason}`, line: proc.unanalyzable.span.line });
  if (!loop.candidate) out.push({ kind: "not-candidate", message: loop.notCandidate ?? "not a counted loop", line: loop.span.line });
  const inside = labelsInside(loop);
  const loopIds = new Set<number>([loop.id]);
  walkStmts(loop.body, (s) => {
    if (s.kind === "loop") loopIds.add(s.id);
  });
  const jumpOut = (target: string, s: Stmt, how: string) => {
    if (!inside.has(target)) out.push({ kind: "exit", message: `${how} at line ${s.span.line} can leave the loop (to label ${target})`, line: s.span.line });
  };
  walkStmts(loop.body, (s) => {
    switch (s.kind) {
      case "io":
        out.push({ kind: "io", message: `${s.op === "c-io" ? "I/O call" : s.op.toUpperCase()} at line ${s.span.line}: I/O must happen in order`, line: s.span.line });
        s.jumpLabels.forEach((l) => jumpOut(l, s, "an ERR=/END= branch"));
        break;
      case "goto":
        jumpOut(s.target, s, "GO TO");
        break;
      case "computed-goto":
        s.targets.forEach((t) => jumpOut(t, s, "a computed GO TO"));
        break;
      case "arith-if":
        s.targets.forEach((t) => jumpOut(t, s, "an arithmetic IF"));
        break;
      case "exit":
        // Leaving this loop or an enclosing one ends the iteration space early; an inner
        // loop's EXIT and a C break out of a switch (loopId null) stay inside.
        if (s.loopId !== null && (s.loopId === loop.id || !loopIds.has(s.loopId)))
          out.push({ kind: "exit", message: `${proc.language === "c" ? "break" : "EXIT"} at line ${s.span.line} leaves the loop early`, line: s.span.line });
        break;
      case "cycle":
        if (s.loopId !== null && !loopIds.has(s.loopId)) out.push({ kind: "exit", message: `CYCLE at line ${s.span.line} continues an enclosing loop`, line: s.span.line });
        break;
      case "return":
        out.push({ kind: "exit", message: `RETURN at line ${s.span.line} leaves the loop`, line: s.span.line });
        break;
      case "stop":
        out.push({ kind: "exit", message: `${proc.language === "c" ? "exit()" : "STOP"} at line ${s.span.line} ends the program inside the loop`, line: s.span.line });
        break;
      case "call": {
        s.altReturns?.forEach((l) => jumpOut(l, s, "an alternate return"));
        if (s.intrinsic) {
          if (!s.pure) out.push({ kind: "call", message: `${s.name} at line ${s.span.line} has side effects (it is not a pure intrinsic)`, line: s.span.line, var: s.name });
        } else checkCall(s.name, s.span.line, callVerdict, out);
        break;
      }
      default:
        break;
    }
    for (const e of stmtExprs(s)) checkExprCalls(e, callVerdict, out);
    for (const e of stmtExprs(s)) checkVolatile(e, out);
  });
  return out;
}

/**
 * A volatile variable's reads and writes are observable, in the order the
 * program makes them (C11 5.1.2.3, F2018 8.5.20: a device register, a
 * flag a signal handler sets): a parallel loop, a private copy or a
 * reduction would change them (noted by fuzzing, C and Fortran). Kept as
 * I/O is.
 */
function checkVolatile(e: Expr, out: Reason[]): void {
  walkExpr(e, (x) => {
    if ((x.kind !== "var" && x.kind !== "elem" && x.kind !== "section") || out.some((r) => r.kind === "io" && r.var === x.sym.name)) return;
    const { name } = x.sym;
    if (x.sym.attrs.volatile) out.push({ kind: "io", message: `${name} at line ${x.span.line} is volatile: its reads and writes must happen in order, like I/O`, line: x.span.line, var: name });
    // A thread-local variable (thread-locals.ts): in parallel each thread would use its own copy.
    else if (x.sym.attrs.threadLocal)
      out.push({ kind: "io", message: `${name} at line ${x.span.line} is thread-local (threadprivate or __thread): in parallel each thread would read and write its own copy, not the one the loop uses run serially`, line: x.span.line, var: name });
  });
}

function checkCall(name: string, line: number, callVerdict: (name: string) => CallVerdict, out: Reason[]): void {
  const v = callVerdict(name);
  if (v.kind === "unknown") out.push({ kind: "call", message: `call to ${name} at line ${line}: ${v.why}`, line, var: name });
}

function checkExprCalls(e: Expr, callVerdict: (name: string) => CallVerdict, out: Reason[]): void {
  walkExpr(e, (x) => {
    if (x.kind !== "call") return;
    if (x.intrinsic || x.pure || x.sym?.attrs.statementFunction) {
      if (x.intrinsic && x.pure === false) out.push({ kind: "call", message: `${x.name} at line ${x.span.line} has side effects (it is not a pure intrinsic)`, line: x.span.line, var: x.name });
      return;
    }
    checkCall(x.name, x.span.line, callVerdict, out);
  });
}

/**
 * C's errno is each thread's own (glibc: a thread-local variable): a loop
 * that reads or writes it, or that calls a library function that may set
 * it (setsErrno) in a program that reads it (`errno`, perror), would leave
 * the initial thread's errno after the loop, not the last iteration's.
 */
function errnoReasons(loop: Loop, read: boolean): Reason[] {
  const out: Reason[] = [];
  walkStmts(loop.body, (s) => {
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (isErrno(x)) out.push({ kind: "call", message: `errno at line ${x.span.line} is each thread's own: in parallel, the loop would read or leave another thread's`, line: x.span.line, var: "errno" });
        else if (read && x.kind === "call" && x.intrinsic && setsErrno(x.name)) out.push({ kind: "call", message: `${x.name} at line ${x.span.line} may set errno, which the program reads, and which is each thread's own`, line: x.span.line, var: x.name });
      });
  });
  return out.filter((r, k) => out.findIndex((q) => q.line === r.line && q.var === r.var) === k);
}

/** C's errno: the libc variable (lower-c-expr.ts makes it a global marked intrinsic). */
function isErrno(x: Expr): boolean {
  return x.kind === "var" && x.sym.name === "errno" && x.sym.attrs.intrinsic === true;
}

/** Whether a C program reads errno: names it, or calls perror. */
export function readsErrno(procs: Iterable<Procedure>): boolean {
  for (const p of procs) {
    if (p.language !== "c") continue;
    let yes = false;
    walkStmts(p.body, (s) => {
      if (s.kind === "io" && s.callee === "perror") yes = true;
      for (const e of stmtExprs(s)) walkExpr(e, (x) => void (isErrno(x) && (yes = true)));
    });
    if (yes) return true;
  }
  return false;
}

/** Labels of statements inside the loop (jumps to them stay inside). */
function labelsInside(loop: Loop): Set<string> {
  const out = new Set<string>();
  walkStmts(loop.body, (s) => {
    if (s.label !== undefined) out.add(s.label);
  });
  return out;
}
