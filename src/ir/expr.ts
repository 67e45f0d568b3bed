import type { Span } from "../source/span.js";
import type { Sym } from "./symbol.js";
import type { Type } from "./types.js";

/**
 * Expressions of the language-neutral HIR. Fortran `a(i,j)` and C `a[j][i]`
 * both become an `elem` node whose subscripts are listed in declaration
 * order of the dimensions; the array's `Sym.layout` and `Sym.dims` say how
 * they map to memory. Every node keeps its source span and, where the front
 * end knows it, its type (integer division vs real division matters to the
 * dependence tests).
 */
export type Expr =
  | IntLit
  | RealLit
  | LogicalLit
  | StringLit
  | VarRef
  | ElemRef
  | SectionRef
  | CallExpr
  | UnaryExpr
  | BinaryExpr
  | CondExpr
  | MemberExpr
  | AddrOf
  | Deref
  | CastExpr
  | ImpliedDo
  | ArrayCtor
  | AssignExpr
  | UnknownExpr;

interface Base {
  span: Span;
  type?: Type;
}

export interface IntLit extends Base {
  kind: "int";
  value: number;
}
export interface RealLit extends Base {
  kind: "real";
  value: number;
  /** As written (keeps `1.0d0` vs `1.0` for printing). */
  text: string;
}
export interface LogicalLit extends Base {
  kind: "logical";
  value: boolean;
}
export interface StringLit extends Base {
  kind: "string";
  value: string;
}
/** A whole variable: a scalar, or an array used without subscripts. */
export interface VarRef extends Base {
  kind: "var";
  sym: Sym;
}
/** One array element. */
export interface ElemRef extends Base {
  kind: "elem";
  sym: Sym;
  subs: Expr[];
  /**
   * The section or whole array the source writes when this element is one
   * element of it, taken by an implied loop (an array assignment `a(2:n) =
   * b(1:n-1)` lowers to `a(k) = b(k - 1)`): reports print it rather than
   * the synthetic subscripts.
   */
  asWritten?: Expr;
}
/** `lo:hi:stride`; each part may be absent (`:`). */
export interface Triplet {
  kind: "triplet";
  lo: Expr | null;
  hi: Expr | null;
  stride: Expr | null;
  span: Span;
}
/** An array section such as `a(1:n, j)` (Fortran) or a substring `s(1:3)`. */
export interface SectionRef extends Base {
  kind: "section";
  sym: Sym;
  subs: (Expr | Triplet)[];
  /** True for a character substring rather than an array section. */
  substring?: boolean;
}
/**
 * A function call. `sym` is the callee's symbol when it has one (external,
 * statement function, C function); `intrinsic` marks language intrinsics and
 * known pure library functions (Fortran MAX, SQRT; C math.h).
 */
export interface CallExpr extends Base {
  kind: "call";
  name: string;
  sym?: Sym;
  args: Expr[];
  intrinsic?: boolean;
  /** Known to have no side effects and to depend only on its arguments. */
  pure?: boolean;
}
export type UnaryOp = "-" | "+" | "not" | "bitnot";
export interface UnaryExpr extends Base {
  kind: "unary";
  op: UnaryOp;
  operand: Expr;
}
export type BinaryOp =
  | "+"
  | "-"
  | "*"
  | "/"
  | "%" // C remainder (Fortran MOD is an intrinsic call)
  | "**"
  | "//" // Fortran concatenation
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "and"
  | "or"
  | "eqv"
  | "neqv"
  | "bitand"
  | "bitor"
  | "bitxor"
  | "shl"
  | "shr"
  | ","; // C comma operator
export interface BinaryExpr extends Base {
  kind: "binary";
  op: BinaryOp;
  left: Expr;
  right: Expr;
}
/** C `c ? a : b`. */
export interface CondExpr extends Base {
  kind: "cond";
  cond: Expr;
  then: Expr;
  else: Expr;
}
/** Fortran `a%b`, C `a.b` / `a->b` (arrow: base is a pointer). */
export interface MemberExpr extends Base {
  kind: "member";
  base: Expr;
  field: string;
  arrow?: boolean;
  /**
   * Subscripts of an array component, `x%a(i, j)` (Fortran). The element
   * is not modeled precisely (analyses treat the access as touching the
   * whole base), but the subscripts are evaluated, so their uses count.
   */
  subs?: (Expr | Triplet)[];
}
export interface AddrOf extends Base {
  kind: "addr";
  operand: Expr;
}
export interface Deref extends Base {
  kind: "deref";
  operand: Expr;
}
export interface CastExpr extends Base {
  kind: "cast";
  to: Type;
  operand: Expr;
  /**
   * C: a cast to a pointer to an array (`(double (*)[5])p`), the extents of
   * that array type, outermost first (`to` says only "pointer to pointer").
   */
  rows?: Expr[];
}
/** Fortran `(a(i), i = 1, n)` in I/O lists, DATA and array constructors. */
export interface ImpliedDo extends Base {
  kind: "implied-do";
  items: Expr[];
  index: Sym;
  lower: Expr;
  upper: Expr;
  step: Expr | null;
}
export interface ArrayCtor extends Base {
  kind: "array-ctor";
  items: Expr[];
}
/**
 * An assignment used as a value (C `x = y` inside an expression, `i++`).
 * Front ends lower statement-level assignments to `assign` statements; this
 * node only remains where C nests a side effect inside an expression.
 */
export interface AssignExpr extends Base {
  kind: "assign-expr";
  op: "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=" | "++pre" | "--pre" | "++post" | "--post";
  target: Expr;
  value: Expr | null;
}
/** Something the front end could not represent; analyses treat it as opaque. */
export interface UnknownExpr extends Base {
  kind: "unknown";
  text: string;
}

export function intLit(value: number, span: Span): IntLit {
  return { kind: "int", value, span };
}

/** The integer value of a literal (possibly negated), else undefined. */
export function constInt(e: Expr): number | undefined {
  if (e.kind === "int") return e.value;
  if (e.kind === "unary" && e.op === "-" && e.operand.kind === "int") return -e.operand.value;
  if (e.kind === "unary" && e.op === "+" && e.operand.kind === "int") return e.operand.value;
  return undefined;
}
