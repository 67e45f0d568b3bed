import type { Span } from "../../source/span.js";
import type { LogicalLine } from "./logical-line.js";

/**
 * The Fortran syntax tree, one node per statement, before names are
 * resolved. `a(i)` is a `name` node with one argument list whether `a` is
 * an array or a function: only the declarations (seen by the lowering to
 * HIR) can tell.
 */

interface Node {
  span: Span;
}

export type FExpr =
  | (Node & { k: "int"; value: number; text: string; kindParam?: string })
  | (Node & { k: "real"; value: number; text: string; double: boolean; kindParam?: string })
  | (Node & { k: "str"; value: string })
  | (Node & { k: "logical"; value: boolean })
  | (Node & { k: "boz"; value: number; text: string })
  | FName
  | (Node & { k: "component"; base: FExpr; name: string; args: FArgList[] })
  | (Node & { k: "unary"; op: "-" | "+" | ".not."; x: FExpr })
  | (Node & { k: "binary"; op: string; l: FExpr; r: FExpr })
  | (Node & { k: "paren"; x: FExpr })
  | (Node & { k: "complex"; re: FExpr; im: FExpr })
  | (Node & { k: "ctor"; items: FExpr[] })
  | FImpliedDo
  | (Node & { k: "star" });

/** A name, possibly followed by parenthesized lists: `x`, `a(i,j)`, `f()`, `s(i)(1:3)`. */
export interface FName extends Node {
  k: "name";
  name: string;
  args: FArgList[];
}

export interface FImpliedDo extends Node {
  k: "implied-do";
  items: FExpr[];
  var: string;
  varSpan: Span;
  lo: FExpr;
  hi: FExpr;
  step: FExpr | null;
}

export interface FArgList {
  items: FArg[];
  span: Span;
}

export type FArg =
  | { kind: "expr"; e: FExpr; keyword?: string; span: Span }
  | { kind: "range"; lo: FExpr | null; hi: FExpr | null; stride: FExpr | null; span: Span }
  /** Alternate return `*100` in a CALL argument list. */
  | { kind: "altret"; label: string; span: Span };

export type FBaseType =
  | "integer"
  | "real"
  | "double precision"
  | "complex"
  | "double complex"
  | "logical"
  | "character"
  | "type"
  | "class"
  | "byte";

export interface FTypeSpec {
  base: FBaseType;
  /** `real(8)`, `real(kind=dp)`, `integer(kind=4)`. */
  kind?: FExpr;
  /** `real*8`, `integer*4`. */
  bytes?: number;
  /** CHARACTER length: expression, `*` (assumed) or `:` (deferred). */
  len?: FExpr | "*" | ":";
  /** Derived type name for `type(t)`. */
  typeName?: string;
  span: Span;
}

/** One dimension in a declaration: `lo:hi`, `hi`, `lo:*`, `*`, `:`. */
export interface FDimSpec {
  lo: FExpr | null;
  /** null for deferred/assumed shape `:`; "*" for assumed size. */
  hi: FExpr | "*" | null;
  span: Span;
}

export interface FEntity {
  name: string;
  span: Span;
  dims?: FDimSpec[];
  charLen?: FExpr | "*" | ":";
  init?: FExpr;
  /** DATA-style initializer in a type statement: `integer x /5/`. */
  dataInit?: FDataValue[];
}

export type FAttrName =
  | "parameter"
  | "dimension"
  | "allocatable"
  | "intent"
  | "save"
  | "external"
  | "intrinsic"
  | "pointer"
  | "target"
  | "optional"
  | "public"
  | "private"
  | "value"
  | "volatile"
  | "protected"
  | "contiguous"
  | "asynchronous"
  | "bind";

export interface FAttr {
  name: FAttrName;
  dims?: FDimSpec[];
  intent?: "in" | "out" | "inout";
  span: Span;
}

export interface FDataValue {
  repeat: FExpr | null;
  value: FExpr;
}

export type IoKind =
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
  | "wait";

interface StmtNode {
  span: Span;
  label?: string;
  /** The statement's logical line (for spans of its parts and its directives). */
  ll: LogicalLine;
}

export type FStmt = StmtNode & FStmtBody;

export type FStmtBody =
  // Program units
  | { k: "program"; name: string }
  | { k: "subroutine"; name: string; params: FParam[]; prefixes: string[] }
  | { k: "function"; name: string; params: FParam[]; type?: FTypeSpec; result?: string; prefixes: string[] }
  | { k: "block-data"; name?: string }
  | { k: "module"; name: string }
  | { k: "end-unit"; unit?: string; name?: string }
  | { k: "contains" }
  | { k: "use"; module: string; only?: string[]; renames: { local: string; remote: string }[] }
  | { k: "entry"; name: string; params: FParam[] }
  // Specification
  | { k: "implicit-none" }
  | { k: "implicit"; rules: { type: FTypeSpec; ranges: [string, string][] }[] }
  | { k: "type-decl"; type: FTypeSpec; attrs: FAttr[]; entities: FEntity[] }
  | { k: "attr-stmt"; attr: FAttrName; intent?: "in" | "out" | "inout"; entities: FEntity[] }
  | { k: "parameter"; items: { name: string; value: FExpr; span: Span }[] }
  | { k: "common"; blocks: { name: string; entities: FEntity[]; span: Span }[] }
  | { k: "data"; sets: { objects: FExpr[]; values: FDataValue[] }[] }
  | { k: "save"; names: string[]; all: boolean }
  | { k: "equivalence"; groups: FExpr[][] }
  | { k: "namelist"; groups: { name: string; members: string[] }[] }
  | { k: "format"; text: string }
  | { k: "interface"; name?: string }
  | { k: "end-interface" }
  | { k: "module-procedure"; names: string[] }
  | { k: "derived-type"; name: string }
  | { k: "end-type" }
  | { k: "access"; access: "public" | "private"; names: string[] }
  | { k: "sequence" }
  | { k: "import" }
  // Executable
  | { k: "assign"; lhs: FExpr; rhs: FExpr }
  | { k: "pointer-assign"; lhs: FExpr; rhs: FExpr }
  | { k: "if-then"; cond: FExpr; name?: string }
  | { k: "else-if"; cond: FExpr; name?: string }
  | { k: "else"; name?: string }
  | { k: "end-if"; name?: string }
  | { k: "logical-if"; cond: FExpr; stmt: FStmt }
  | { k: "arith-if"; expr: FExpr; labels: [string, string, string] }
  | FDo
  | { k: "end-do"; name?: string }
  | { k: "continue" }
  | { k: "goto"; target: string }
  | { k: "computed-goto"; labels: string[]; expr: FExpr }
  | { k: "assigned-goto"; variable: string; labels: string[] }
  | { k: "assign-label"; target: string; variable: string }
  | { k: "call"; name: string; args: FArg[]; nameSpan: Span }
  | { k: "return"; expr: FExpr | null }
  | { k: "stop"; code: FExpr | null }
  | { k: "pause" }
  | { k: "exit"; name?: string }
  | { k: "cycle"; name?: string }
  | { k: "io"; op: IoKind; controls: FArg[]; items: FExpr[] }
  | { k: "allocate"; op: "allocate" | "deallocate"; items: FExpr[]; stat?: FExpr }
  | { k: "nullify"; items: FExpr[] }
  | { k: "select-case"; expr: FExpr; name?: string }
  | { k: "case"; values: FCaseValue[] | null; name?: string }
  | { k: "end-select"; name?: string }
  /** WHERE statement (`stmt` set) or the first statement of a WHERE construct (F2018 10.2.3). */
  | { k: "where"; mask: FExpr; stmt?: FStmt; name?: string }
  /** ELSEWHERE, or masked ELSEWHERE (mask set). */
  | { k: "elsewhere"; mask?: FExpr; name?: string }
  | { k: "end-where"; name?: string }
  /** FORALL statement (`stmt` set) or the first statement of a FORALL construct (F2018 10.2.4). */
  | { k: "forall"; header: FConcurrentHeader; stmt?: FStmt; name?: string }
  | { k: "end-forall"; name?: string }
  /** A statement that parsed but that doall does not model; makes its unit unanalyzable. */
  | { k: "unsupported"; what: string; /** The construct name of a named BLOCK, ASSOCIATE or CRITICAL. */ name?: string }
  /** A statement that did not parse (a diagnostic was reported). */
  | { k: "error" };

export interface FParam {
  name: string;
  span: Span;
}

export interface FDo {
  k: "do";
  /** Labeled DO: the terminal statement's label. */
  target?: string;
  var?: string;
  varSpan?: Span;
  lo?: FExpr;
  hi?: FExpr;
  step?: FExpr | null;
  while?: FExpr;
  /** DO CONCURRENT: its header and locality specs (F2018 11.1.7.2). */
  concurrent?: FConcurrent;
  name?: string;
}

/** One `index = lo : hi [: step]` of a FORALL or DO CONCURRENT header. */
export interface FConcurrentSpec {
  name: string;
  nameSpan: Span;
  lo: FExpr;
  hi: FExpr;
  step: FExpr | null;
}

/** `( [integer-type-spec ::] index = lo:hi[:step], ... [, mask] )` (F2018 R1125). */
export interface FConcurrentHeader {
  type?: FTypeSpec;
  specs: FConcurrentSpec[];
  mask?: FExpr;
  span: Span;
}

/** A locality spec of a DO CONCURRENT (F2018 R1130; REDUCE is F2023). */
export type FLocality =
  | { kind: "local" | "local_init" | "shared"; names: string[] }
  | { kind: "default-none" }
  | { kind: "reduce"; op: string; names: string[] };

export interface FConcurrent extends FConcurrentHeader {
  locality: FLocality[];
}

export type FCaseValue = { lo: FExpr | null; hi: FExpr | null; range: boolean };

export type FStmtKind = FStmtBody["k"];
