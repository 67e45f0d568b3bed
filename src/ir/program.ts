import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Span } from "../source/span.js";
import type { Expr } from "./expr.js";
import type { Stmt } from "./stmt.js";
import type { Sym } from "./symbol.js";

export type Language = "fortran" | "c";

export type ProcedureKind = "program" | "subroutine" | "function" | "block-data" | "module";

/** A Fortran statement function `f(x, y) = expr`, expanded by analyses where used. */
export interface StatementFunction {
  sym: Sym;
  params: Sym[];
  body: Expr;
}

/**
 * One program unit: a Fortran main program, subroutine, function, block data
 * or module (its specification part; module procedures are their own
 * Procedures with `host` set), or a C function.
 */
export interface Procedure {
  name: string;
  kind: ProcedureKind;
  language: Language;
  /** Header statement (or C function definition start). */
  span: Span;
  /** END statement / closing brace. */
  endSpan: Span;
  /** Dummy arguments / C parameters in order. */
  params: Sym[];
  /** Function result variable. */
  result?: Sym;
  /** Every symbol visible in the unit by its lookup name (lower case for Fortran). */
  symbols: Map<string, Sym>;
  statementFunctions: Map<string, StatementFunction>;
  body: Stmt[];
  /** Enclosing module or host procedure (Fortran `contains`). */
  host?: string;
  /**
   * Fortran: the first executable statement starts after other text on its
   * line (`common /w/ x; x(1) = 0`): no specification directive can go on
   * a line of its own between the two.
   */
  firstSharesLine?: true;
  /** C: a destructor (`__attribute__((destructor))`), which runs after main returns, as an exit handler does. */
  destructor?: true;
  /** Modules this unit USEs. */
  uses: string[];
  /**
   * Procedure names this unit has through USE (lower case), with the
   * module and the name there: `use m, only: work => bump` makes `work`
   * m's `bump`; a generic interface of m keeps its own name. A call of
   * such a name reaches what m has, never an external of that name.
   */
  useNames?: Map<string, { module: string; remote: string }>;
  /** C: the file-scope variables of its translation unit, by name (a C function's `symbols` holds only its own). */
  fileGlobals?: Map<string, Sym>;
  /**
   * Set when the unit contains a construct doall does not understand. Its
   * loops are still listed, but no analysis result is trusted.
   */
  unanalyzable?: { reason: string; span: Span };
}

/** A COMMON block as declared in one unit: its members in order. */
export interface CommonBlock {
  name: string;
  members: Sym[];
  span: Span;
}

export interface SourceFile {
  path: string;
  language: Language;
  /** Fortran source form; C files have none. */
  form?: "fixed" | "free";
  /** Files pulled in by INCLUDE / #include, in order of first inclusion. */
  includes: string[];
  /** Existing OpenMP directives and `!$` conditional lines, kept as comments. */
  directives: { text: string; span: Span; /** A `!$` conditional-compilation line, not a directive. */ conditional?: boolean }[];
}

/** The HIR of one translation unit (one input file and what it includes). */
export interface Program {
  file: SourceFile;
  procedures: Procedure[];
  /** C file-scope variables and functions; Fortran module variables live in their module's symbols. */
  globals: Map<string, Sym>;
  /** COMMON blocks per procedure name. */
  commons: Map<string, CommonBlock[]>;
  diagnostics: Diagnostic[];
  /** Number of symbol ids allocated (for sizing bit vectors). */
  symbolCount: number;
  /** Number of loop ids allocated. */
  loopCount: number;
}
