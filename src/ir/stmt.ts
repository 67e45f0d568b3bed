import type { Span } from "../source/span.js";
import type { Expr } from "./expr.js";
import type { Sym } from "./symbol.js";

/**
 * Statements of the language-neutral HIR. Structured control flow (loops,
 * if, switch) is kept as trees; unstructured jumps (Fortran GOTO, C goto)
 * name a label that some statement of the same procedure carries.
 */
export type Stmt =
  | AssignStmt
  | Loop
  | IfStmt
  | SwitchStmt
  | CallStmt
  | IoStmt
  | GotoStmt
  | ComputedGotoStmt
  | ArithIfStmt
  | ReturnStmt
  | StopStmt
  | ExitStmt
  | CycleStmt
  | AllocStmt
  | ExprStmt
  | BlockStmt
  | NopStmt
  | OpaqueStmt;

interface StmtBase {
  span: Span;
  /** Statement label (Fortran numeric label, C `name:`), a jump target. */
  label?: string;
}

/** `lhs = rhs`. lhs is a var, elem, section, member or deref. */
export interface AssignStmt extends StmtBase {
  kind: "assign";
  lhs: Expr;
  rhs: Expr;
}

/**
 * How a loop iterates:
 * - "do": counted loop with index, lower, upper, step (Fortran DO, canonical C for);
 *   the index runs lower, lower+step, ... while it has not passed upper.
 * - "while": test `cond` before each iteration (DO WHILE, C while, other C for).
 * - "do-until": C `do { } while (cond)`: body first, then the test.
 * - "forever": Fortran DO without control, C `for (;;)`; leaves only by a jump.
 */
export type LoopForm = "do" | "while" | "do-until" | "forever";

export interface Loop extends StmtBase {
  kind: "loop";
  /** Unique within the Program. */
  id: number;
  form: LoopForm;
  index: Sym | null;
  lower: Expr | null;
  upper: Expr | null;
  /** null means 1. */
  step: Expr | null;
  cond: Expr | null;
  /** C non-canonical for: the init and update parts, run before the loop / after each iteration. */
  init?: Stmt[];
  /** C: the for's first clause also sets other variables (`for (j = 0, t = 3; ...)`), which OpenMP's loop form does not allow. */
  extraInit?: true;
  update?: Stmt[];
  body: Stmt[];
  /**
   * Whether the loop is a candidate for parallelization at all: a counted
   * loop whose iteration count is fixed on entry. When false,
   * `notCandidate` says why (shown in reports).
   */
  candidate: boolean;
  notCandidate?: string;
  /**
   * A C for loop in canonical form whose only flaw, as the front end sees
   * it, is that its body calls functions and its bound reads globals
   * (`keep`) that those calls might change. Once the callees' summaries
   * show that no call in the body writes any of them (counted-loops.ts),
   * the loop becomes the counted loop given here.
   */
  countedIf?: { keep: Sym[]; index: Sym; lower: Expr; upper: Expr; step: Expr | null };
  /** Fortran labeled DO: the label of its terminal statement. */
  terminalLabel?: string;
  /** Fortran construct name (`outer: do ...`). */
  name?: string;
  /** The closing statement (END DO, the labeled terminal statement, C closing brace). */
  endSpan: Span;
  /** Text of an OpenMP directive the user already put on this loop, if any. */
  existingDirective?: string;
  /**
   * The loop starts after other text on its line (`a = 0; do i = ...`,
   * `x = 0; for (...)`: no directive line can go right before it), or
   * (Fortran) its closing statement is followed by another on its line
   * (`end do; b = 1`: none can go right after it). `macro`: (C) the loop is
   * a macro's expansion, whose text is the macro's use. `pragma`: (C) a
   * pragma of the user's stands right before it (`#pragma GCC ivdep`).
   */
  sharesLine?: { first?: true; last?: true; macro?: true; pragma?: true };
  /**
   * A loop the front end made for a statement that iterates without a DO of
   * its own (an array assignment, WHERE, FORALL, the second and later
   * indices of a multi-index DO CONCURRENT): analyses see its iterations
   * like any loop's, but it is not one of the user's loops. It never gets
   * a directive (there is no DO to put one on) and reports do not list it.
   */
  implied?: ImpliedLoopKind;
  /** A Fortran DO CONCURRENT (F2018 11.1.7): its iterations are independent by the standard. */
  concurrent?: ConcurrentSpec;
}

/** What an implied loop stands for. */
export type ImpliedLoopKind = "array assignment" | "WHERE" | "FORALL" | "DO CONCURRENT";

/**
 * The header of a DO CONCURRENT beyond its first index (F2018 11.1.7.2):
 * how many indices it has (the second and later are implied loops inside
 * the first), and its locality specs. LOCAL and LOCAL_INIT variables are
 * construct entities (new symbols inside the loop, see
 * `SymAttrs.constructEntity`); REDUCE (F2023) names reduction variables.
 */
export interface ConcurrentSpec {
  indices: number;
  local: string[];
  localInit: string[];
  /** The construct entities of LOCAL and LOCAL_INIT: each iteration has its own. */
  entities: Sym[];
  shared: string[];
  reduce: { op: string; vars: string[] }[];
  defaultNone: boolean;
  /** The mask, if any (already a guard inside the innermost index loop). */
  masked: boolean;
}

export interface IfStmt extends StmtBase {
  kind: "if";
  cond: Expr;
  then: Stmt[];
  else: Stmt[];
  /** Fortran logical IF `if (c) stmt` (one statement, no END IF). */
  logical?: boolean;
}

/** C switch or Fortran SELECT CASE; C bodies fall through unless they end in a break. */
export interface SwitchStmt extends StmtBase {
  kind: "switch";
  selector: Expr;
  /** `values` null is the default case; `ranges` are Fortran `CASE (lo:hi)` (a null end is open). */
  cases: { values: Expr[] | null; ranges?: [Expr | null, Expr | null][]; body: Stmt[]; span: Span }[];
  /** Fortran SELECT CASE never falls through; C switch does. */
  fallthrough: boolean;
}

export interface CallStmt extends StmtBase {
  kind: "call";
  name: string;
  sym?: Sym;
  args: Expr[];
  /** A language intrinsic subroutine (Fortran RANDOM_NUMBER, CPU_TIME). */
  intrinsic?: boolean;
  /** Known to have no side effects beyond its arguments' documented intent. */
  pure?: boolean;
  /** Fortran alternate returns `*100`: labels the call may jump to. */
  altReturns?: string[];
}

export type IoOp =
  | "read"
  | "write"
  | "print"
  | "open"
  | "close"
  | "inquire"
  | "rewind"
  | "backspace"
  | "endfile"
  | "flush"
  | "wait"
  | "c-io";

/** Input/output. Items of a READ are defined; everything else is used. */
export interface IoStmt extends StmtBase {
  kind: "io";
  op: IoOp;
  /** Control-list values used (unit, fmt, rec, iostat target is in `defs`). */
  controls: Expr[];
  /** Variables the statement defines: READ items, IOSTAT=, INQUIRE results. */
  defs: Expr[];
  /** Values the statement uses: WRITE/PRINT items and control expressions. */
  uses: Expr[];
  /** ERR=, END=, EOR= labels: the statement may jump there. */
  jumpLabels: string[];
  /** C: the library function called (printf, fscanf, fread), for op "c-io". */
  callee?: string;
}

export interface GotoStmt extends StmtBase {
  kind: "goto";
  target: string;
}
/** `go to (l1, l2, ...), e`: jumps to the e-th label, falls through if out of range. */
export interface ComputedGotoStmt extends StmtBase {
  kind: "computed-goto";
  targets: string[];
  index: Expr;
}
/** Fortran `if (e) lneg, lzero, lpos`. */
export interface ArithIfStmt extends StmtBase {
  kind: "arith-if";
  expr: Expr;
  targets: [string, string, string];
}
export interface ReturnStmt extends StmtBase {
  kind: "return";
  value: Expr | null;
}
/** Fortran STOP, C exit(): ends the program. */
export interface StopStmt extends StmtBase {
  kind: "stop";
  code: Expr | null;
}
/** Leaves the loop `loopId` (Fortran EXIT, C break out of a loop) or the switch (C break, loopId null). */
export interface ExitStmt extends StmtBase {
  kind: "exit";
  loopId: number | null;
}
/** Next iteration of `loopId` (Fortran CYCLE, C continue). */
export interface CycleStmt extends StmtBase {
  kind: "cycle";
  loopId: number | null;
}
export interface AllocStmt extends StmtBase {
  kind: "allocate" | "deallocate";
  objects: Expr[];
  /** STAT= variable, if any. */
  stat?: Expr;
}
/** An expression evaluated for its side effects (C `f(x);`, `i++;`). */
export interface ExprStmt extends StmtBase {
  kind: "expr";
  expr: Expr;
}
/** A C compound statement that declares locals; Fortran BLOCK. */
export interface BlockStmt extends StmtBase {
  kind: "block";
  body: Stmt[];
}
/** Fortran CONTINUE, C empty statement: a place to hang a label. */
export interface NopStmt extends StmtBase {
  kind: "nop";
}
/**
 * A statement the front end could not represent. It makes its procedure
 * unanalyzable; `reason` is shown to the user.
 */
export interface OpaqueStmt extends StmtBase {
  kind: "opaque";
  text: string;
  reason: string;
}
