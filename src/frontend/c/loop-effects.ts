import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import type { Span } from "../../source/span.js";
import { libcFunction } from "./libc.js";

/**
 * What a loop body may change, as far as deciding whether a for loop is
 * counted needs it: the variables it writes (directly, through `&x`, as
 * nested loop indices, as arrays handed to a callee), the element types it
 * writes through pointers, and whether it calls functions that may write
 * globals.
 */
export interface Effects {
  /** Written symbols (by id) with the first place that writes them. */
  written: Map<number, Span>;
  /** The same symbols, by id. */
  writtenSyms: Map<number, Sym>;
  /** Types of objects written through pointers (`*p = ...`, `p[i] = ...` with p a pointer, `s->x = ...`), by the body or its calls. */
  pointerWrites: Type[];
  /** The same, by the body itself and the C library calls in it: not by calls to other functions. */
  ownPointerWrites: Type[];
  /** The first call to a function that may write globals or address-taken variables, if any. */
  userCall: { name: string; span: Span } | null;
}

export function bodyEffects(body: readonly Stmt[]): Effects {
  const fx: Effects = { written: new Map(), writtenSyms: new Map(), pointerWrites: [], ownPointerWrites: [], userCall: null };
  let inUserCall = false;
  const write = (s: Sym, at: Span) => {
    if (!fx.written.has(s.id)) fx.written.set(s.id, at);
    fx.writtenSyms.set(s.id, s);
  };
  const target = (e: Expr, at: Span) => {
    const root = rootOf(e);
    if (root.sym) write(root.sym, at);
    if (root.viaPointer) fx.pointerWrites.push(e.type ?? { base: "unknown" });
    if (root.viaPointer && !inUserCall) fx.ownPointerWrites.push(e.type ?? { base: "unknown" });
  };
  const expr = (e: Expr) =>
    walkExpr(e, (x) => {
      if (x.kind === "assign-expr") target(x.target, x.span);
      else if (x.kind === "addr") target(x.operand, x.span);
      else if (x.kind === "call") callEffects(x.name, x.intrinsic === true, x.sym, x.args, x.span);
    });
  const callEffects = (name: string, intrinsic: boolean, sym: Sym | undefined, args: Expr[], span: Span) => {
    const lib = intrinsic && !sym ? libcFunction(name) : undefined;
    if (!lib && !(intrinsic && name.startsWith("__builtin_"))) {
      fx.userCall ??= { name, span };
      // A callee may write the arrays and pointees it is handed.
      inUserCall = true;
      for (const a of args) if ((a.kind === "var" && a.sym.dims.length > 0) || a.kind === "addr") target(a.kind === "addr" ? a.operand : a, span);
      inUserCall = false;
      fx.pointerWrites.push({ base: "unknown" });
    } else if (lib?.effect === "writes-args" && args[0]) {
      target(args[0].kind === "addr" ? args[0].operand : args[0], span);
      fx.pointerWrites.push({ base: "unknown" });
      fx.ownPointerWrites.push({ base: "unknown" });
    }
  };
  walkStmts(body, (s) => {
    switch (s.kind) {
      case "assign":
        target(s.lhs, s.span);
        break;
      case "loop":
        if (s.index) write(s.index, s.span);
        break;
      case "io":
        for (const d of s.defs) target(d, s.span);
        break;
      case "call":
        callEffects(s.name, s.intrinsic === true, s.sym, s.args, s.span);
        break;
      case "allocate":
      case "deallocate":
        for (const o of s.objects) target(o, s.span);
        break;
    }
    for (const e of stmtExprs(s)) expr(e);
  });
  return fx;
}

/** The variable an lvalue writes, and whether it writes through a pointer (unknown object). */
export function rootOf(e: Expr): { sym: Sym | null; viaPointer: boolean } {
  switch (e.kind) {
    case "var":
    case "section":
      return { sym: e.sym, viaPointer: false };
    case "elem":
      return { sym: e.sym, viaPointer: e.sym.attrs.pointer === true };
    case "member":
      return e.arrow ? { sym: null, viaPointer: true } : rootOf(e.base);
    case "cast":
      return rootOf(e.operand);
    default:
      return { sym: null, viaPointer: true };
  }
}

/**
 * Whether a write through a pointer to an object of type `w` may change
 * a variable of type `v`. C99 6.5p7: an object is accessed only through
 * its own type, a character type, or an aggregate containing it; doall
 * relies on it as compilers do.
 */
export function mayAlias(w: Type, v: Type): boolean {
  // A struct made of numbers reaches objects of its members' types (or such structs).
  if (w.base === "derived" && w.members && v.base !== "derived" && v.base !== "unknown") return w.members.some((m) => mayAlias(m, v));
  if (w.base === "unknown" || w.base === "derived" || w.base === "void") return true;
  if (w.base === "integer" && w.bytes === 1) return true;
  if (v.base === "unknown" || v.base === "derived") return true;
  return w.base === v.base && (w.bytes === undefined || v.bytes === undefined || w.bytes === v.bytes);
}

/** The symbols an expression reads, and whether it reads through a pointer or calls anything impure. */
export function exprReads(e: Expr): { syms: Sym[]; viaPointer: boolean; impureCall: string | null; sideEffect: boolean } {
  const syms: Sym[] = [];
  let viaPointer = false;
  let impureCall: string | null = null;
  let sideEffect = false;
  walkExpr(e, (x) => {
    if (x.kind === "var" || x.kind === "elem" || x.kind === "section") {
      if (!syms.includes(x.sym)) syms.push(x.sym);
      if (x.kind === "elem" && x.sym.attrs.pointer) viaPointer = true;
    } else if (x.kind === "deref" || (x.kind === "member" && x.arrow)) viaPointer = true;
    else if (x.kind === "call" && !x.pure) impureCall ??= x.name;
    else if (x.kind === "assign-expr") sideEffect = true;
  });
  return { syms, viaPointer, impureCall, sideEffect };
}

