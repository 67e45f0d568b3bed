import type { AssignExpr, BinaryOp, Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import { markUnanalyzable, report, spanOf, textOf, type FnContext } from "./c-context.js";
import { makeSym, typeDescriptor } from "./c-declarators.js";
import { lowerLiteral } from "./c-literals.js";
import { field, firstNamed, namedChildren, operatorOf, type CNode } from "./c-syntax.js";
import { C_DOUBLE, C_INT, C_UNKNOWN, elementOf, hirType, sizeOf, symbolShape, type CType } from "./c-types.js";
import { libcFunction, libcVariable } from "./libc.js";

/** A lowered expression with its C type (needed for subscripts, members and arithmetic). */
export interface Typed {
  e: Expr;
  t: CType;
}

const BINOPS: Record<string, BinaryOp> = {
  "+": "+", "-": "-", "*": "*", "/": "/", "%": "%", "==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
  "&&": "and", "||": "or", "&": "bitand", "|": "bitor", "^": "bitxor", "<<": "shl", ">>": "shr",
};

export function lowerExpr(f: FnContext, n: CNode): Expr {
  return lowerTyped(f, n).e;
}

/** Array sizes and other expressions in declarators are lowered in the function's current scope. */
export function sizeLowerer(f: FnContext): (n: CNode) => Expr {
  return (n) => lowerExpr(f, n);
}

export function lowerTyped(f: FnContext, n: CNode): Typed {
  const c = f.c;
  const span = spanOf(c, n);
  switch (n.type) {
    case "identifier":
      return identifier(f, n);
    case "number_literal":
    case "char_literal":
    case "string_literal":
    case "concatenated_string":
      return lowerLiteral(c, n, span);
    case "true":
    case "false": {
      const b = f.scope.lookup(n.type);
      if (b && b.kind !== "typedef") return { e: { kind: "var", sym: b.sym, span, type: b.sym.type }, t: b.ctype };
      return { e: { kind: "int", value: n.type === "true" ? 1 : 0, span, type: hirType(C_INT) }, t: C_INT };
    }
    case "null":
      return { e: { kind: "int", value: 0, span, type: { base: "pointer" } }, t: { k: "ptr", to: { k: "prim", t: { base: "void" } } } };
    case "parenthesized_expression":
    case "extension_expression": {
      const inner = firstNamed(n);
      return inner ? lowerTyped(f, inner) : { e: { kind: "unknown", text: "()", span }, t: C_UNKNOWN };
    }
    case "binary_expression":
      return binary(f, n);
    case "unary_expression": {
      const op = operatorOf(n);
      const a = lowerTyped(f, field(n, "argument")!);
      if (op === "!") return { e: { kind: "unary", op: "not", operand: a.e, span, type: hirType(C_INT) }, t: C_INT };
      if (op === "~") return { e: { kind: "unary", op: "bitnot", operand: a.e, span, type: a.e.type ?? hirType(C_INT) }, t: a.t };
      return { e: { kind: "unary", op: op === "+" ? "+" : "-", operand: a.e, span, type: a.e.type ?? hirType(a.t) }, t: a.t };
    }
    case "pointer_expression": {
      const arg = field(n, "argument")!;
      if (operatorOf(n) === "&") {
        const a = lowerTyped(f, arg);
        if (a.e.kind === "var") f.addressTaken.add(a.e.sym.id);
        return { e: { kind: "addr", operand: a.e, span, type: { base: "pointer", pointee: hirType(a.t) } }, t: { k: "ptr", to: a.t } };
      }
      return indexInto(f, arg, null, n);
    }
    case "subscript_expression":
      return indexInto(f, field(n, "argument")!, field(n, "index") ?? null, n);
    case "field_expression": {
      const base = lowerTyped(f, field(n, "argument")!);
      const arrow = operatorOf(n) === "->";
      const name = textOf(c, field(n, "field")!);
      const st = arrow ? elementOf(base.t) : base.t;
      const ft = st && st.k === "struct" ? (c.structs.get(st.tag)?.fields.get(name) ?? C_UNKNOWN) : C_UNKNOWN;
      const e: Expr = { kind: "member", base: base.e, field: name, span, type: hirType(ft) };
      if (arrow) e.arrow = true;
      return { e, t: ft };
    }
    case "call_expression":
      return call(f, n);
    case "assignment_expression":
      return assignExpr(f, n);
    case "update_expression": {
      const arg = field(n, "argument")!;
      const a = lowerTyped(f, arg);
      const inc = operatorOf(n) === "++";
      const pre = (field(n, "operator")?.start ?? 0) < arg.start;
      const e: AssignExpr = { kind: "assign-expr", op: inc ? (pre ? "++pre" : "++post") : pre ? "--pre" : "--post", target: a.e, value: null, span, type: a.e.type ?? hirType(a.t) };
      return { e, t: a.t };
    }
    case "conditional_expression": {
      const cond = lowerExpr(f, field(n, "condition")!);
      const a = lowerTyped(f, field(n, "consequence") ?? field(n, "condition")!);
      const b = lowerTyped(f, field(n, "alternative")!);
      const t = arithmetic(a.t, b.t);
      return { e: { kind: "cond", cond, then: a.e, else: b.e, span, type: hirType(t) }, t };
    }
    case "comma_expression": {
      const l = lowerExpr(f, field(n, "left")!);
      const r = lowerTyped(f, field(n, "right")!);
      return { e: { kind: "binary", op: ",", left: l, right: r.e, span, type: r.e.type ?? hirType(r.t) }, t: r.t };
    }
    case "cast_expression": {
      const to = typeDescriptor(c, f.scope, field(n, "type")!, sizeLowerer(f));
      const v = lowerExpr(f, field(n, "value")!);
      const ht = hirType(to);
      const rows = to.k === "ptr" ? arrayExtents(to.to) : null;
      return { e: { kind: "cast", to: ht, operand: v, span, type: ht, ...(rows ? { rows } : {}) }, t: to };
    }
    case "sizeof_expression": {
      const tn = field(n, "type");
      const vn = field(n, "value");
      const t = tn ? typeDescriptor(c, f.scope, tn, sizeLowerer(f)) : vn ? lowerTyped(f, vn).t : C_UNKNOWN;
      const size = sizeOf(t);
      const st: Type = { base: "integer", bytes: 8, unsigned: true };
      return { e: size !== undefined ? { kind: "int", value: size, span, type: st } : { kind: "unknown", text: textOf(c, n), span, type: st }, t: { k: "prim", t: st } };
    }
    case "compound_literal_expression": {
      const to = typeDescriptor(c, f.scope, field(n, "type")!, sizeLowerer(f));
      const v = lowerTyped(f, field(n, "value")!);
      return { e: { kind: "cast", to: hirType(to), operand: v.e, span }, t: to };
    }
    case "initializer_list":
      return { e: { kind: "array-ctor", items: initializerItems(f, n), span }, t: C_UNKNOWN };
    default:
      // A GNU statement expression `({ c = c + i; c; })` and inline assembly read and write what the IR would
      // not show (found by fuzzing: a loop assigning c inside one, and an `asm("addl ..." : "+m"(cnt))`, got
      // directives): the function is not analyzed.
      if (n.type === "compound_statement" || /asm/.test(n.type)) markUnanalyzable(f, n.type === "compound_statement" ? "a GNU statement expression ({ ... })" : "inline assembly (asm)", span);
      // offsetof, _Generic, alignof, parse errors: opaque values.
      return { e: { kind: "unknown", text: textOf(c, n).slice(0, 80), span }, t: C_UNKNOWN };
  }
}

/** The leaves of a (nested) initializer list in order, designators dropped. */
export function initializerItems(f: FnContext, n: CNode): Expr[] {
  const out: Expr[] = [];
  for (const ch of namedChildren(n)) {
    if (ch.type === "initializer_list") out.push(...initializerItems(f, ch));
    else if (ch.type === "initializer_pair") {
      const v = field(ch, "value");
      if (v) out.push(...(v.type === "initializer_list" ? initializerItems(f, v) : [lowerExpr(f, v)]));
    } else out.push(lowerExpr(f, ch));
  }
  return out;
}

function identifier(f: FnContext, n: CNode): Typed {
  const c = f.c;
  const span = spanOf(c, n);
  const name = textOf(c, n);
  const b = f.scope.lookup(name);
  if (b && b.kind !== "typedef") return { e: { kind: "var", sym: b.sym, span, type: b.sym.dims.length ? { base: "pointer", pointee: b.sym.type } : b.sym.type }, t: b.ctype };
  if (b) {
    report(c, "c.type-as-value", "error", `'${name}' is a type name, not a value`, n);
    return { e: { kind: "unknown", text: name, span }, t: C_UNKNOWN };
  }
  const lv = libcVariable(name);
  // A libc variable (stderr, errno): `intrinsic`, so a link knows it is defined out of sight by libc.
  const sym = lv ? makeSym(c, name, lv, "global", span, { external: true, intrinsic: true }) : makeSym(c, name, C_UNKNOWN, "global", span);
  // doall does not read system headers: a name they declare is unknown here, not an error.
  if (!lv && c.systemHeaders) report(c, "c.undeclared", "warning", `'${name}' is not declared in the files doall reads (assumed to come from a system header)`, n);
  else if (!lv) report(c, "c.undeclared", "error", `'${name}' undeclared`, n);
  // Declared once at file scope, so each later use finds it (and reports nothing more).
  c.fileScope.names.set(name, { kind: "var", sym, ctype: lv ?? C_UNKNOWN });
  c.globals.set(name, sym);
  return { e: { kind: "var", sym, span, type: sym.type }, t: lv ?? C_UNKNOWN };
}

/** Usual arithmetic conversions, enough to tell integer from floating point (C99 6.3.1.8). */
export function arithmetic(a: CType, b: CType): CType {
  if (a.k === "ptr" || a.k === "array") return a;
  if (b.k === "ptr" || b.k === "array") return b;
  if (a.k !== "prim" || b.k !== "prim") return a.k === "prim" ? a : b.k === "prim" ? b : C_UNKNOWN;
  const ra = a.t.base === "real" || a.t.base === "complex";
  const rb = b.t.base === "real" || b.t.base === "complex";
  if (ra || rb) return ra && rb ? ((a.t.bytes ?? 8) >= (b.t.bytes ?? 8) ? a : b) : ra ? a : b;
  if (a.t.base === "unknown" || b.t.base === "unknown") return C_UNKNOWN;
  const bytes = Math.max(a.t.bytes ?? 4, b.t.bytes ?? 4, 4);
  const t: Type = { base: "integer", bytes };
  if ((a.t.unsigned && (a.t.bytes ?? 4) >= bytes) || (b.t.unsigned && (b.t.bytes ?? 4) >= bytes)) t.unsigned = true;
  return { k: "prim", t };
}

function binary(f: FnContext, n: CNode): Typed {
  const c = f.c;
  const span = spanOf(c, n);
  const op = operatorOf(n);
  const ln = field(n, "left")!;
  const rn = field(n, "right")!;
  // `(T) * x`, `(T) - x` with T a typedef: tree-sitter cannot know T is a type; it is a cast.
  const castTo = parenthesizedTypeName(f, ln);
  if (castTo && (op === "*" || op === "-" || op === "+" || op === "&")) {
    const a = lowerTyped(f, rn);
    const operand: Expr =
      op === "*" ? indexInto(f, rn, null, rn).e : op === "&" ? { kind: "addr", operand: a.e, span: a.e.span } : { kind: "unary", op: op === "-" ? "-" : "+", operand: a.e, span: a.e.span };
    const ht = hirType(castTo);
    return { e: { kind: "cast", to: ht, operand, span, type: ht }, t: castTo };
  }
  const l = lowerTyped(f, ln);
  const r = lowerTyped(f, rn);
  const hop = BINOPS[op];
  if (!hop) return { e: { kind: "unknown", text: textOf(c, n).slice(0, 80), span }, t: C_UNKNOWN };
  const logical = hop === "and" || hop === "or" || ["==", "!=", "<", "<=", ">", ">="].includes(hop);
  const t = logical ? C_INT : hop === "shl" || hop === "shr" ? l.t : arithmetic(l.t, r.t);
  return { e: { kind: "binary", op: hop, left: l.e, right: r.e, span, type: hirType(t) }, t };
}

function parenthesizedTypeName(f: FnContext, n: CNode): CType | undefined {
  if (n.type !== "parenthesized_expression") return undefined;
  const inner = namedChildren(n);
  if (inner.length !== 1 || inner[0]!.type !== "identifier") return undefined;
  const b = f.scope.lookup(textOf(f.c, inner[0]!));
  return b && b.kind === "typedef" ? b.ctype : undefined;
}

/** The symbol and subscripts an lvalue chain `a[i][j]`, `(*p)[i]`, `*(q + k)` reduces to. */
interface Chain {
  sym: Sym;
  subs: Expr[];
  t: CType;
  rank: number;
}

function chainOf(f: FnContext, n: CNode): Chain | undefined {
  switch (n.type) {
    case "parenthesized_expression": {
      const inner = namedChildren(n);
      return inner.length === 1 ? chainOf(f, inner[0]!) : undefined;
    }
    case "identifier": {
      const b = f.scope.lookup(textOf(f.c, n));
      if (!b || b.kind !== "var") return undefined;
      const rank = symbolShape(b.ctype, b.sym.span).dims.length;
      return rank > 0 ? { sym: b.sym, subs: [], t: b.ctype, rank } : undefined;
    }
    case "subscript_expression": {
      const base = chainOf(f, field(n, "argument")!);
      const idx = field(n, "index");
      if (!base || !idx || base.subs.length >= base.rank) return undefined;
      return extend(base, lowerExpr(f, idx));
    }
    case "pointer_expression": {
      if (operatorOf(n) !== "*") return undefined;
      const arg = field(n, "argument")!;
      const direct = chainOf(f, arg);
      // `*p` is p[0]; `*(p + e)` is p[e].
      if (direct) return direct.subs.length < direct.rank ? extend(direct, { kind: "int", value: 0, span: spanOf(f.c, n), type: hirType(C_INT) }) : undefined;
      return pointerSum(f, arg);
    }
    default:
      return undefined;
  }
}

function extend(base: Chain, idx: Expr): Chain {
  return { sym: base.sym, subs: [...base.subs, idx], t: elementOf(base.t) ?? C_UNKNOWN, rank: base.rank };
}

/** `p + e`, `e + p`, `p - e` with p a partial chain: the chain indexed by e (what `*` of it reads). */
function pointerSum(f: FnContext, n: CNode): Chain | undefined {
  const inner = n.type === "parenthesized_expression" ? namedChildren(n) : [n];
  if (inner.length !== 1 || inner[0]!.type !== "binary_expression") return undefined;
  const b = inner[0]!;
  const op = operatorOf(b);
  if (op !== "+" && op !== "-") return undefined;
  const ln = field(b, "left")!;
  const rn = field(b, "right")!;
  let base = chainOf(f, ln);
  let other = rn;
  if (!base && op === "+") {
    base = chainOf(f, rn);
    other = ln;
  }
  if (!base || base.subs.length >= base.rank) return undefined;
  let idx = lowerExpr(f, other);
  if (op === "-") idx = { kind: "unary", op: "-", operand: idx, span: idx.span, type: idx.type ?? hirType(C_INT) };
  return extend(base, idx);
}

/**
 * `base[index]` (index null: `*base`). A chain that ends at a symbol
 * becomes an array element in declared dimension order; a partial one (a
 * row of a 2-D array) is the address of the row's first element, which
 * is what it evaluates to in C. Anything else (`s.a[i]`, `f()[i]`) is a
 * dereference of pointer arithmetic, which analyses treat as unknown memory.
 */
function indexInto(f: FnContext, base: CNode, index: CNode | null, whole: CNode): Typed {
  const c = f.c;
  const span = spanOf(c, whole);
  const ch = chainOf(f, whole) ?? (index === null ? pointerSum(f, base) : undefined);
  if (ch) {
    const t = ch.t;
    const full = ch.subs.length === ch.rank;
    const elem: Expr = { kind: "elem", sym: ch.sym, subs: full ? ch.subs : [...ch.subs, ...zeros(ch.rank - ch.subs.length, span)], span, type: ch.sym.type };
    if (full) return { e: elem, t };
    return { e: { kind: "addr", operand: elem, span, type: { base: "pointer", pointee: ch.sym.type } }, t };
  }
  const b = lowerTyped(f, base);
  const addr: Expr = index ? { kind: "binary", op: "+", left: b.e, right: lowerExpr(f, index), span, type: b.e.type ?? { base: "pointer" } } : b.e;
  const t = elementOf(b.t) ?? C_UNKNOWN;
  return { e: { kind: "deref", operand: addr, span, type: hirType(t) }, t };
}

function zeros(k: number, span: Span): Expr[] {
  return Array.from({ length: k }, () => ({ kind: "int" as const, value: 0, span, type: hirType(C_INT) }));
}

function call(f: FnContext, n: CNode): Typed {
  const c = f.c;
  const span = spanOf(c, n);
  const fnNode = field(n, "function")!;
  const argsNode = field(n, "arguments");
  const args = argsNode ? namedChildren(argsNode).map((a) => lowerExpr(f, a)) : [];
  if (fnNode.type !== "identifier") {
    // A call through a function pointer: unknown callee.
    const callee = lowerExpr(f, fnNode);
    return { e: { kind: "call", name: textOf(c, fnNode).slice(0, 40), args: [callee, ...args], span }, t: C_UNKNOWN };
  }
  const name = textOf(c, fnNode);
  const b = f.scope.lookup(name);
  if (b && b.kind === "var") {
    const ret = b.ctype.k === "func" ? b.ctype.ret : b.ctype.k === "ptr" && b.ctype.to.k === "func" ? b.ctype.to.ret : C_UNKNOWN;
    return { e: { kind: "call", name, sym: b.sym, args, span, type: hirType(ret) }, t: ret };
  }
  const lib = libcFunction(name);
  if (lib) {
    // Not pure says so (pure: false), as Fortran's impure intrinsics do: the exclusions name the call.
    const e: Expr = { kind: "call", name, args, span, intrinsic: true, pure: lib.effect === "pure", type: hirType(lib.returns) };
    return { e, t: lib.returns };
  }
  if (name.startsWith("__builtin_")) return { e: { kind: "call", name, args, span, intrinsic: true, pure: true, type: hirType(C_DOUBLE) }, t: C_DOUBLE };
  // C89 implicit declaration: `int name()`, declared at file scope from here on. With system
  // headers included it is most likely declared there (doall does not read them): no warning.
  if (!c.systemHeaders) report(c, "c.implicit-function", "warning", `implicit declaration of function '${name}'`, fnNode);
  const ft: CType = { k: "func", ret: C_INT, params: null };
  const sym = makeSym(c, name, ft, "procedure", span, { external: true });
  c.fileScope.names.set(name, { kind: "var", sym, ctype: ft });
  c.globals.set(name, sym);
  return { e: { kind: "call", name, sym, args, span, type: hirType(C_INT) }, t: C_INT };
}

const COMPOUND: Record<string, AssignExpr["op"]> = { "=": "=", "+=": "+=", "-=": "-=", "*=": "*=", "/=": "/=", "%=": "%=", "&=": "&=", "|=": "|=", "^=": "^=", "<<=": "<<=", ">>=": ">>=" };

function assignExpr(f: FnContext, n: CNode): Typed {
  const span = spanOf(f.c, n);
  const target = lowerTyped(f, field(n, "left")!);
  const value = lowerExpr(f, field(n, "right")!);
  const op = COMPOUND[operatorOf(n)] ?? "=";
  return { e: { kind: "assign-expr", op, target: target.e, value, span, type: target.e.type ?? hirType(target.t) }, t: target.t };
}

/** Compound assignment operators as binary operators (`+=` is `+`). */
export function compoundBinaryOp(op: string): BinaryOp | undefined {
  return BINOPS[op.slice(0, -1)];
}

/** The extents of an array type, outermost first (`double [4][5]`: 4, 5); null when it is no array or an extent is not given. */
function arrayExtents(t: CType): Expr[] | null {
  const out: Expr[] = [];
  let x = t;
  while (x.k === "array") {
    if (!x.size) return null;
    out.push(x.size);
    x = x.of;
  }
  return out.length ? out : null;
}
