import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Procedure, StatementFunction } from "../../ir/program.js";
import type { Sym, SymIds } from "../../ir/symbol.js";
import type { FStmt } from "./ast.js";
import type { Span } from "../../source/span.js";
import type { Scope } from "./scope.js";
import type { HiddenCalls } from "./units.js";

/** What lowering one file needs program-wide. */
export interface FortranContext {
  ids: SymIds;
  nextLoopId(): number;
  diags: Diagnostic[];
  /** Scopes of modules by name, for USE (this file's modules and those found next to it). */
  findModule(name: string, from: Span): Scope | undefined;
  /** Hidden calls (units.ts hiddenCalls) that this file or a module it reads declares. */
  hidden?: HiddenCalls;
}

/** What lowering one program unit needs. */
export interface UnitContext {
  ctx: FortranContext;
  scope: Scope;
  stmtFuncs: Map<string, StatementFunction>;
  proc: Procedure;
  /**
   * Names bound to construct entities where they are written: a statement
   * function's dummy arguments in its body, FORALL and DO CONCURRENT
   * indices and LOCAL variables inside their construct.
   */
  bound?: Map<string, Sym>;
  /** The unit's executable statements (for the names they may redefine, stable-bounds.ts). */
  executable?: FStmt[];
  /** Computed on first use by stable-bounds.ts. */
  redefined?: Set<string> | "all";
  /** Indices of implied loops, by nesting depth, shared by the unit's statements (array-assign.ts). */
  impliedIndices?: Sym[];
  /** The unit's NAMELIST groups (lower case) and their members: what an I/O statement naming a group reads or writes. */
  namelists?: Map<string, Sym[]>;
}

/**
 * Marks the unit as one doall will not analyze, with a warning the user
 * sees; the first reason is kept.
 */
export function markUnanalyzable(u: UnitContext, reason: string, span: Span): void {
  if (!u.proc.unanalyzable) {
    u.proc.unanalyzable = { reason, span };
    u.ctx.diags.push({ id: "fortran.unanalyzable", severity: "warning", message: `${reason}; ${u.proc.kind} ${u.proc.name} is not analyzed`, span });
  }
}
