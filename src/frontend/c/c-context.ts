import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Procedure } from "../../ir/program.js";
import type { Loop } from "../../ir/stmt.js";
import type { Sym, SymIds } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import type { PragmaLine } from "../cpp/preprocess.js";
import type { SourceMap } from "../cpp/source-map.js";
import type { CNode } from "./c-syntax.js";
import type { CType } from "./c-types.js";

/** What a name means in a C scope (ordinary identifiers share one name space, C99 6.2.3). */
export type Binding = { kind: "var"; sym: Sym; ctype: CType } | { kind: "typedef"; ctype: CType } | { kind: "enum"; sym: Sym; ctype: CType };

/** One block scope; lookups go outward to the file scope. */
export class CScope {
  readonly names = new Map<string, Binding>();
  constructor(readonly parent: CScope | null) {}
  lookup(name: string): Binding | undefined {
    for (let s: CScope | null = this; s; s = s.parent) {
      const b = s.names.get(name);
      if (b) return b;
    }
    return undefined;
  }
}

/** A struct or union: its members' types, in order. */
export interface StructInfo {
  tag: string;
  union: boolean;
  fields: Map<string, CType>;
  /** When every field is a number, or an array or such a struct of them: the numbers' types, at any depth (CType struct `members`). */
  members: Type[] | null;
}

/** What lowering one translation unit needs. */
export interface CContext {
  /** The text tree-sitter parsed: the preprocessor's output, maybe with `int ` inserted (implicit-int.ts). */
  text: string;
  map: SourceMap;
  /** Offset in `text` to offset in the preprocessor's output (the map's coordinates). */
  pos(o: number): number;
  /** Offsets where a typedef name was replaced by `int` for the parser, and the name (typedef-names.ts). */
  typedefAt: Map<number, string>;
  ids: SymIds;
  diags: Diagnostic[];
  nextLoopId(): number;
  fileScope: CScope;
  globals: Map<string, Sym>;
  structs: Map<string, StructInfo>;
  pragmas: PragmaLine[];
  /** The C type of every symbol, by id (expressions need it: pointer or array, which struct). */
  ctypes: Map<number, CType>;
  /** Whether the file includes system headers doall does not read (their names may be undeclared here). */
  systemHeaders: boolean;
  /** Whether the tree has an ERROR or missing node anywhere; without one no function needs looking for one. */
  syntaxError: boolean;
  /** Count of anonymous struct/enum tags, to name them. */
  anon: number;
}

/** The innermost enclosing loop or switch, for break and continue. */
export type Breakable = { kind: "loop"; loop: Loop } | { kind: "switch" };

/** What lowering one function needs. */
export interface FnContext {
  c: CContext;
  proc: Procedure;
  scope: CScope;
  breakables: Breakable[];
  /** Symbols whose address is taken somewhere in the function (`&x`, or an array passed whole). */
  addressTaken: Set<number>;
  /** goto targets seen in the function. */
  gotos: { target: string; span: Span }[];
  /**
   * Checks of canonical for loops that need the whole function (is the
   * index's address taken after the loop?), run once its body is lowered.
   */
  loopChecks: (() => void)[];
}

export function spanOf(c: CContext, n: CNode): Span {
  return c.map.span(c.pos(n.start), c.pos(n.end));
}

export function textOf(c: CContext, n: CNode): string {
  return c.text.slice(n.start, n.end);
}

export function report(c: CContext, id: string, severity: Diagnostic["severity"], message: string, at: CNode | Span): void {
  const span = "type" in at ? spanOf(c, at) : at;
  c.diags.push({ id, severity, message, span });
}

/** Marks the function as one doall will not analyze; the first reason is kept and shown. */
export function markUnanalyzable(f: FnContext, reason: string, span: Span): void {
  if (f.proc.unanalyzable) return;
  f.proc.unanalyzable = { reason, span };
  f.c.diags.push({ id: "c.unanalyzable", severity: "warning", message: `${reason}; function ${f.proc.name} is not analyzed`, span });
}

/**
 * Adds a block-scoped symbol to the procedure's table under a unique key:
 * the name itself, or `name#2`, `name#3` for later declarations of the
 * same name (shadowing); Sym.name stays as written.
 */
export function addLocal(f: FnContext, sym: Sym, ctype: CType): void {
  let key = sym.name;
  for (let k = 2; f.proc.symbols.has(key); k++) key = `${sym.name}#${k}`;
  f.proc.symbols.set(key, sym);
  f.c.ctypes.set(sym.id, ctype);
}

