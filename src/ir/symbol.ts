import type { Span } from "../source/span.js";
import type { Expr } from "./expr.js";
import type { Type } from "./types.js";

/**
 * Where a variable lives. It decides what a call may touch (dummies and
 * commons are visible to callees) and what may alias.
 */
export type Storage =
  | "local" // procedure-local (automatic, or SAVEd: see attrs.save)
  | "dummy" // Fortran dummy argument / C parameter
  | "common" // Fortran COMMON block member (see Sym.common)
  | "parameter" // named constant: Fortran PARAMETER, C enum constant (see Sym.value)
  | "global" // C file-scope variable
  | "module" // Fortran module variable
  | "result" // Fortran function result variable
  | "procedure"; // a procedure name: external, intrinsic, statement function, C function

/**
 * One dimension of an array. Both bounds are inclusive, as in Fortran; a C
 * array `double a[n]` lowers to lower = 0, upper = n - 1.
 */
export interface Dim {
  lower: Expr;
  /** null: assumed size (`*`), deferred shape (`:`) or a C pointer's unknown extent. */
  upper: Expr | null;
}

export type Layout = "column-major" | "row-major";

export interface SymAttrs {
  save?: boolean;
  allocatable?: boolean;
  pointer?: boolean;
  target?: boolean;
  external?: boolean;
  intrinsic?: boolean;
  intent?: "in" | "out" | "inout";
  volatile?: boolean;
  /** Each thread has its own copy: C `__thread`, or named by a `threadprivate` directive of the user's (thread-locals.ts). */
  threadLocal?: boolean;
  /** Fortran: a member of a NAMELIST group (OpenMP allows it in no private, firstprivate, lastprivate or linear clause). */
  namelist?: boolean;
  /**
   * A C pointer parameter declared `restrict` (`double *restrict a`, `double
   * a[restrict n]`): in its function, an object reached through it and
   * modified is reached through nothing else (C99 6.7.3.1).
   */
  restrict?: boolean;
  /** C `const` / Fortran `parameter`. */
  constant?: boolean;
  /** Fortran statement function. */
  statementFunction?: boolean;
  /** Fortran CHARACTER or C char array used as text. */
  /** Declared with an explicit type statement (not implicitly typed). */
  explicitType?: boolean;
  /** Appears in a DATA statement or has a C initializer. */
  initialized?: boolean;
  /** Deferred/assumed shape `(:)`: the extents come from the actual argument or ALLOCATE. */
  assumedShape?: boolean;
  /**
   * A variable that lives only inside one statement or construct: the
   * index of an implied loop (array assignment, WHERE), a FORALL or DO
   * CONCURRENT index, a DO CONCURRENT LOCAL variable (F2018 19.4). Every
   * execution of the construct has its own, so whoever runs the construct
   * has a private one: no OpenMP clause ever names it.
   */
  constructEntity?: boolean;
  /**
   * C: how many leading dimensions select a pointer (`double **a`, `double
   * *a[N]`: one; `double ***a`: two). Rows reached through different
   * pointers are not known to be separate objects: `rows[i] = blk + i % 4
   * * m` makes rows i and i + 4 one. Absent for `double (*a)[m]`, whose
   * rows are consecutive parts of one object.
   */
  pointerRows?: number;
  /** C: the names a file-scope initializer holds (`int *p = tmp;`), which the IR does not lower. */
  initNames?: string[];
}

export interface Sym {
  /** Unique within a Program; analyses index bit vectors by it. */
  id: number;
  /** Name as written at the declaration (Fortran names compare lower-cased). */
  name: string;
  type: Type;
  /** Empty for scalars; rank = dims.length. */
  dims: Dim[];
  layout: Layout;
  storage: Storage;
  /** COMMON block name ("" for blank common) when storage is "common". */
  common?: string;
  /** Position of the member in its COMMON block (0-based). */
  commonIndex?: number;
  /** Equivalence group id: symbols with the same id share storage. */
  equivalence?: number;
  /** Constant value of a named constant (storage "parameter"). */
  value?: Expr;
  attrs: SymAttrs;
  /** Where it was declared (or first seen, if implicitly declared). */
  span: Span;
}

export function isArray(s: Sym): boolean {
  return s.dims.length > 0;
}

/** Assigns symbol ids; one allocator per Program so ids are unique program-wide. */
export class SymIds {
  private next = 0;
  fresh(): number {
    return this.next++;
  }
  get count(): number {
    return this.next;
  }
}

/** A C global's name across the files of a run: a static's with its file (two files may each have one of that name). */
export function globalName(g: Sym): string {
  return g.attrs.save ? `${g.span.file}:${g.name}` : g.name;
}

/** The same C global: the symbol itself, or one of external linkage of the same name (another file's declaration). */
export function sameGlobal(a: Sym, b: Sym): boolean {
  return a === b || (a.storage === "global" && b.storage === "global" && !a.attrs.save && !b.attrs.save && a.name === b.name);
}
