import type { BinaryOp, Expr, Triplet } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import type { FArg, FArgList, FExpr } from "./ast.js";
import { intrinsicInfo, intrinsicResultType } from "./intrinsics.js";
import type { UnitContext } from "./unit-context.js";
import { indexSym, withBindings } from "./construct-names.js";

const BINOPS: Record<string, BinaryOp> = {
  "+": "+",
  "-": "-",
  "*": "*",
  "/": "/",
  "**": "**",
  "//": "//",
  "==": "==",
  "/=": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
  ".and.": "and",
  ".or.": "or",
  ".eqv.": "eqv",
  ".neqv.": "neqv",
};

const LOGICAL: Type = { base: "logical", bytes: 4 };
const CHARACTER: Type = { base: "character" };

/** Type of an arithmetic result: complex over real over integer, the wider size within a kind. */
export function promote(a: Type | undefined, b: Type | undefined): Type | undefined {
  if (!a) return b;
  if (!b) return a;
  const rank = (t: Type) => (t.base === "complex" ? 3 : t.base === "real" ? 2 : t.base === "integer" ? 1 : 0);
  const ra = rank(a);
  const rb = rank(b);
  if (ra === 0 || rb === 0) return ra === 0 ? b : a;
  if (ra !== rb) return ra > rb ? a : b;
  return (a.bytes ?? 4) >= (b.bytes ?? 4) ? a : b;
}

/** Looks a name up in the unit (statement-function dummies first); undefined if never declared. */
export function lookupName(u: UnitContext, name: string): Sym | undefined {
  return u.bound?.get(name) ?? u.scope.lookup(name);
}

/** The symbol for a name used as a variable, declaring it implicitly when needed. */
export function variableSym(u: UnitContext, name: string, span: Span): Sym {
  return lookupName(u, name) ?? u.scope.implicitSym(name, span);
}

/** The symbol for a called external procedure, declaring it when needed. */
export function procedureSym(u: UnitContext, name: string, span: Span, isFunction: boolean): Sym {
  let s = lookupName(u, name);
  if (!s) {
    const t: Type = isFunction ? (u.scope.implicitType(name) ?? { base: "unknown" }) : { base: "void" };
    s = u.scope.add(name, t, "procedure", span);
    s.attrs.external = true;
  } else if (s.storage === "local" && s.dims.length === 0) {
    // A typed scalar used with an argument list is an external function (implicit interface).
    s.storage = "procedure";
    s.attrs.external = true;
  }
  return s;
}

export function lowerExpr(e: FExpr, u: UnitContext): Expr {
  const span = e.span;
  switch (e.k) {
    case "int": {
      const type = { base: "integer", bytes: kindBytes(e.kindParam, u) ?? 4 } as const;
      // A literal past 2^53 has no exact double: Number("9007199254740993") is 2^53, and a
      // subscript built from it would be proved independent of the wrong offset (C does the same).
      if (!Number.isSafeInteger(e.value)) return { kind: "unknown", text: e.text, span, type };
      return { kind: "int", value: e.value, span, type };
    }
    case "real":
      return { kind: "real", value: e.value, text: e.text, span, type: { base: "real", bytes: kindBytes(e.kindParam, u) ?? (e.double ? 8 : 4) } };
    case "str":
      return { kind: "string", value: e.value, span, type: { base: "character", charLen: e.value.length } };
    case "logical":
      return { kind: "logical", value: e.value, span, type: LOGICAL };
    case "boz":
      if (!Number.isSafeInteger(e.value)) return { kind: "unknown", text: e.text, span, type: { base: "integer", bytes: 8 } };
      return { kind: "int", value: e.value, span, type: { base: "integer", bytes: 4 } };
    case "paren":
      return lowerExpr(e.x, u);
    case "complex": {
      const re = lowerExpr(e.re, u);
      const im = lowerExpr(e.im, u);
      const bytes = (promote(re.type, im.type)?.bytes ?? 4) * 2;
      return { kind: "call", name: "cmplx", args: [re, im], intrinsic: true, pure: true, span, type: { base: "complex", bytes } };
    }
    case "unary": {
      const x = lowerExpr(e.x, u);
      if (e.op === ".not.") return { kind: "unary", op: "not", operand: x, span, type: LOGICAL };
      const r: Expr = { kind: "unary", op: e.op, operand: x, span };
      if (x.type) r.type = x.type;
      return r;
    }
    case "binary": {
      const l = lowerExpr(e.l, u);
      const r = lowerExpr(e.r, u);
      const op = BINOPS[e.op];
      // A defined operator (`.plus.`), or an intrinsic one on a derived type where some interface extends it,
      // calls a procedure doall does not follow: an unknown call (its effects block a loop).
      if (!op || (u.ctx.hidden?.operators && (l.type?.base === "derived" || r.type?.base === "derived"))) return { kind: "call", name: `operator(${e.op})`, args: [l, r], span };
      const out: Expr = { kind: "binary", op, left: l, right: r, span };
      const t = ["==", "!=", "<", "<=", ">", ">=", "and", "or", "eqv", "neqv"].includes(op) ? LOGICAL : op === "//" ? CHARACTER : promote(l.type, r.type);
      if (t) out.type = t;
      return out;
    }
    case "ctor":
      return { kind: "array-ctor", items: e.items.map((x) => lowerCtorItem(x, u)), span };
    case "implied-do": {
      const index = variableSym(u, e.var, e.varSpan);
      return { kind: "implied-do", items: e.items.map((x) => lowerExpr(x, u)), index, lower: lowerExpr(e.lo, u), upper: lowerExpr(e.hi, u), step: e.step ? lowerExpr(e.step, u) : null, span };
    }
    case "star":
      return { kind: "unknown", text: "*", span };
    case "component": {
      // `x%f()` is a call of a type-bound procedure (no data component takes empty parentheses); so may be
      // `x%f(i)` where some type binds procedures. An unknown call: doall does not follow the binding.
      if (e.args.some((list) => list.items.length === 0) || (u.ctx.hidden?.typeBound && e.args.length > 0))
        return { kind: "call", name: `%${e.name}`, args: [lowerExpr(e.base, u), ...e.args.flatMap((list) => list.items.map((a) => lowerSub(a, u))).filter((a): a is Expr => a.kind !== "triplet")], span };
      const out: Expr = { kind: "member", base: lowerExpr(e.base, u), field: e.name, span };
      // x%a(i)(1:3): keep the subscripts (their uses matter) but model the element coarsely.
      if (e.args.length) out.subs = e.args.flatMap((list) => list.items.map((a) => lowerSub(a, u)));
      return out;
    }
    case "name":
      return lowerName(e.name, e.args, span, u);
  }
}

function lowerName(name: string, lists: FArgList[], span: Span, u: UnitContext): Expr {
  const sym = lookupName(u, name);
  if (lists.length === 0) {
    const s = sym ?? u.scope.implicitSym(name, span);
    return { kind: "var", sym: s, span, type: s.type };
  }
  const first = lists[0]!;
  if (sym && sym.dims.length > 0) return arrayRef(sym, lists, span, u);
  if (sym && sym.attrs.statementFunction) return call(name, sym, first.items, span, u, sym.type, true);
  if (sym && sym.type.base === "character" && sym.storage !== "procedure" && !sym.attrs.external && first.items.every((a) => a.kind === "range")) {
    return { kind: "section", sym, subs: first.items.map((a) => lowerSub(a, u)), substring: true, span, type: sym.type };
  }
  const info = intrinsicInfo(name);
  const declaredExternal = sym?.attrs.external || (sym && sym.storage === "procedure" && !sym.attrs.intrinsic);
  if (info && !info.subroutine && !declaredExternal && (!sym || sym.storage !== "dummy")) {
    const args = first.items.map((a) => lowerArg(a, u));
    return { kind: "call", name, args, intrinsic: true, pure: info.pure, span, type: intrinsicResultType(info, args[0]?.type) };
  }
  const proc = procedureSym(u, name, span, true);
  return call(name, proc, first.items, span, u, proc.type, false);
}

function call(name: string, sym: Sym, items: FArg[], span: Span, u: UnitContext, type: Type, pure: boolean): Expr {
  const out: Expr = { kind: "call", name, sym, args: items.map((a) => lowerArg(a, u)), span, type };
  if (pure) out.pure = true;
  return out;
}

function arrayRef(sym: Sym, lists: FArgList[], span: Span, u: UnitContext): Expr {
  const first = lists[0]!;
  const isSection = first.items.some((a) => a.kind === "range");
  const subs = first.items.map((a) => lowerSub(a, u));
  if (lists.length > 1) {
    // Element followed by a substring: a(i)(1:3).
    const sub = lists[1]!.items.map((a) => lowerSub(a, u));
    return { kind: "section", sym, subs: [...subs, ...sub], substring: true, span, type: sym.type };
  }
  if (isSection) return { kind: "section", sym, subs, span, type: sym.type };
  return { kind: "elem", sym, subs: subs as Expr[], span, type: sym.type };
}

function lowerSub(a: FArg, u: UnitContext): Expr | Triplet {
  if (a.kind === "range")
    return { kind: "triplet", lo: a.lo ? lowerExpr(a.lo, u) : null, hi: a.hi ? lowerExpr(a.hi, u) : null, stride: a.stride ? lowerExpr(a.stride, u) : null, span: a.span };
  return lowerArg(a, u);
}

/** An actual argument: keyword arguments keep just their value. */
export function lowerArg(a: FArg, u: UnitContext): Expr {
  if (a.kind === "expr") return lowerExpr(a.e, u);
  if (a.kind === "altret") return { kind: "unknown", text: `*${a.label}`, span: a.span };
  // A range as an argument outside a subscript list: keep it opaque.
  return { kind: "unknown", text: "section", span: a.span };
}

/** Byte size for a kind parameter suffix (`_8`, `_dp`), if known. */
function kindBytes(kind: string | undefined, u: UnitContext): number | undefined {
  if (!kind) return undefined;
  if (/^\d+$/.test(kind)) return Number(kind);
  const s = lookupName(u, kind);
  if (s?.storage === "parameter" && s.value?.kind === "int") return s.value.value;
  return undefined;
}

/**
 * An item of an array constructor. Its implied-DO's variable is a
 * construct entity (F2018 19.4): a new variable named like the one
 * outside, which the constructor never changes (found by fuzzing:
 * `a(:, i) = [(i*j, j = 1, 8)]` made the outer j lastprivate, and a read
 * of j after it saw the private copy). An I/O list's implied-DO is not
 * one: there the variable is the procedure's own, and is defined.
 */
function lowerCtorItem(e: FExpr, u: UnitContext): Expr {
  if (e.k !== "implied-do") return lowerExpr(e, u);
  const index = indexSym(u, e.var, e.varSpan);
  const lower = lowerExpr(e.lo, u);
  const upper = lowerExpr(e.hi, u);
  const step = e.step ? lowerExpr(e.step, u) : null;
  const items = withBindings(u, new Map([[e.var.toLowerCase(), index]]), () => e.items.map((x) => lowerCtorItem(x, u)));
  return { kind: "implied-do", items, index, lower, upper, step, span: e.span };
}
