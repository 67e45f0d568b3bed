import { evalInt } from "../../ir/const-eval.js";
import type { Type } from "../../ir/types.js";
import type { Expr } from "../../ir/expr.js";
import type { Storage, Sym, SymAttrs } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";
import { report, spanOf, textOf, type CContext, type CScope, type StructInfo } from "./c-context.js";
import { field, fields, firstNamed, type CNode } from "./c-syntax.js";
import { C_INT, C_UNKNOWN, hirType, knownTypedef, primitiveType, symbolShape, type CType } from "./c-types.js";
import { lowerLiteral } from "./c-literals.js";

/** The declaration specifiers of a declaration: its base type and storage class. */
export interface Specifiers {
  base: CType;
  storage: "typedef" | "extern" | "static" | "auto" | "register" | null;
  constant: boolean;
  volatile: boolean;
  /** `__thread`: each thread has its own copy. */
  threadLocal?: boolean;
}

/** Lowers an array size expression (it may name parameters declared before, `double a[n][m]`). */
export type SizeLowerer = (n: CNode) => Expr;

/** A declarator resolved: the declared name and its full type. */
export interface Declared {
  name: string;
  nameNode: CNode | null;
  ctype: CType;
  /** For function declarators: the parameter list. */
  params: CNode | null;
}

export function specifiers(c: CContext, scope: CScope, decl: CNode, lowerSize: SizeLowerer): Specifiers {
  const s: Specifiers = { base: C_INT, storage: null, constant: false, volatile: false };
  for (const ch of decl.children) {
    if (ch.type === "storage_class_specifier") {
      const w = textOf(c, ch);
      if (w === "typedef" || w === "extern" || w === "static" || w === "auto" || w === "register") s.storage = w;
      if (w === "__thread" || w === "_Thread_local" || w === "thread_local") s.threadLocal = true;
    } else if (ch.type === "type_qualifier") {
      const w = textOf(c, ch);
      if (w === "const") s.constant = true;
      if (w === "volatile") s.volatile = true;
    }
  }
  const t = field(decl, "type");
  if (t) s.base = typeSpecifier(c, scope, t, lowerSize);
  return s;
}

/** The C type a type specifier node names; struct, union and enum bodies are registered on the way. */
export function typeSpecifier(c: CContext, scope: CScope, t: CNode, lowerSize: SizeLowerer): CType {
  switch (t.type) {
    case "primitive_type":
    case "sized_type_specifier": {
      const stood = c.typedefAt.get(t.start);
      if (stood !== undefined) return typedefType(scope, stood);
      const words = textOf(c, t).split(/\s+/);
      if (t.type === "primitive_type" && words.length === 1) {
        const known = knownTypedef(words[0]!);
        if (known) return known;
      }
      return primitiveType(words);
    }
    case "type_identifier":
      return typedefType(scope, textOf(c, t));
    case "struct_specifier":
    case "union_specifier":
      return structSpecifier(c, scope, t, lowerSize);
    case "enum_specifier":
      enumSpecifier(c, scope, t);
      return C_INT;
    case "macro_type_specifier": {
      const inner = field(t, "type");
      return inner ? typeDescriptor(c, scope, inner, lowerSize) : C_UNKNOWN;
    }
    default:
      return C_UNKNOWN;
  }
}

function typedefType(scope: CScope, name: string): CType {
  const b = scope.lookup(name);
  if (b && b.kind === "typedef") return b.ctype;
  return knownTypedef(name) ?? { k: "opaque", name };
}

function structSpecifier(c: CContext, scope: CScope, t: CNode, lowerSize: SizeLowerer): CType {
  const union = t.type === "union_specifier";
  const nameNode = field(t, "name");
  const tag = nameNode ? textOf(c, nameNode) : `<anonymous ${union ? "union" : "struct"} ${++c.anon}>`;
  const body = field(t, "body");
  if (body) {
    const info: StructInfo = { tag, union, fields: new Map(), members: [] };
    c.structs.set(tag, info);
    for (const fd of body.children) {
      if (fd.type !== "field_declaration") continue;
      const spec = specifiers(c, scope, fd, lowerSize);
      const decls = fields(fd, "declarator");
      for (const d of decls) {
        const r = declarator(c, d, spec.base, lowerSize);
        if (r.name) info.fields.set(r.name, r.ctype);
        const m = numbersIn(r.ctype);
        info.members = m && info.members && [...info.members, ...m];
      }
      // An anonymous struct/union member: its fields are reached directly.
      if (decls.length === 0 && spec.base.k === "struct") {
        const inner = c.structs.get(spec.base.tag);
        if (inner) for (const [k, v] of inner.fields) info.fields.set(k, v);
        info.members = inner?.members && info.members ? [...info.members, ...inner.members] : null;
      }
      // A field whose declaration doall could not read may be anything.
      if (decls.length === 0 && spec.base.k !== "struct") info.members = null;
    }
  }
  const members = c.structs.get(tag)?.members;
  return { k: "struct", tag, union, ...(members ? { members } : {}) };
}

/** The types of the numbers a value of type `t` is made of, when it holds nothing else (no address); null otherwise. */
function numbersIn(t: CType): Type[] | null {
  if (t.k === "prim") return t.t.base === "integer" || t.t.base === "real" || t.t.base === "complex" || t.t.base === "logical" ? [t.t] : null;
  if (t.k === "array") return numbersIn(t.of);
  return t.k === "struct" && t.members ? t.members : null;
}

/** Registers an enum's constants as named constants of the scope (C99 6.7.2.2). */
function enumSpecifier(c: CContext, scope: CScope, t: CNode): void {
  const body = field(t, "body");
  if (!body) return;
  let next = 0;
  for (const e of body.children) {
    if (e.type !== "enumerator") continue;
    const nameNode = field(e, "name");
    if (!nameNode) continue;
    const valueNode = field(e, "value");
    if (valueNode) {
      const v = evalInt(enumValueExpr(c, scope, valueNode));
      if (v === undefined) report(c, "c.enum-value", "warning", "enumerator value is not an integer constant doall can compute", valueNode);
      else next = v;
    }
    const span = spanOf(c, nameNode);
    const name = textOf(c, nameNode);
    const sym: Sym = { id: c.ids.fresh(), name, type: { base: "integer", bytes: 4 }, dims: [], layout: "row-major", storage: "parameter", value: { kind: "int", value: next, span }, attrs: { constant: true }, span };
    c.ctypes.set(sym.id, C_INT);
    scope.names.set(name, { kind: "enum", sym, ctype: C_INT });
    if (!scope.parent) c.globals.set(name, sym);
    next++;
  }
}

/** Enumerator values are integer constant expressions over numbers and earlier enumerators. */
function enumValueExpr(c: CContext, scope: CScope, n: CNode): Expr {
  const span = spanOf(c, n);
  // The same reading as in expressions: `-010` is -8, not -10.
  if (n.type === "number_literal") return lowerLiteral(c, n, span).e;
  if (n.type === "identifier") {
    const b = scope.lookup(textOf(c, n));
    if (b && b.kind === "enum") return { kind: "var", sym: b.sym, span };
  }
  if (n.type === "parenthesized_expression") {
    const inner = firstNamed(n);
    if (inner) return enumValueExpr(c, scope, inner);
  }
  if (n.type === "unary_expression" || n.type === "binary_expression") {
    const op = field(n, "operator")?.type ?? "";
    if (n.type === "unary_expression" && op === "-") {
      const a = field(n, "argument");
      if (a) return { kind: "unary", op: "-", operand: enumValueExpr(c, scope, a), span };
    }
    const l = field(n, "left");
    const r = field(n, "right");
    const ops: Record<string, "+" | "-" | "*" | "/" | "%" | "shl" | "shr"> = { "+": "+", "-": "-", "*": "*", "/": "/", "%": "%", "<<": "shl", ">>": "shr" };
    if (l && r && ops[op]) return { kind: "binary", op: ops[op]!, left: enumValueExpr(c, scope, l), right: enumValueExpr(c, scope, r), span };
  }
  return { kind: "unknown", text: textOf(c, n), span };
}

/**
 * Resolves a declarator against the base type, inside out as C reads
 * them: `double (*a)[N]` is a pointer to an array of N doubles,
 * `double *a[N]` an array of N pointers.
 */
export function declarator(c: CContext, d: CNode, base: CType, lowerSize: SizeLowerer): Declared {
  let t = base;
  let n: CNode | undefined = d;
  let params: CNode | null = null;
  for (let guard = 0; n && guard < 10_000; guard++) {
    switch (n.type) {
      case "identifier":
      case "field_identifier":
      case "type_identifier":
      case "primitive_type":
        return { name: textOf(c, n), nameNode: n, ctype: t, params };
      case "init_declarator":
      case "attributed_declarator":
      case "parenthesized_declarator":
      case "abstract_parenthesized_declarator":
        n = n.type === "init_declarator" ? field(n, "declarator") : firstNamed(n);
        continue;
      case "pointer_declarator":
      case "abstract_pointer_declarator":
        t = { k: "ptr", to: t };
        n = field(n, "declarator");
        continue;
      case "array_declarator":
      case "abstract_array_declarator": {
        const size = field(n, "size");
        t = { k: "array", of: t, size: size && size.type !== "*" ? lowerSize(size) : null };
        n = field(n, "declarator");
        continue;
      }
      case "function_declarator":
      case "abstract_function_declarator": {
        const ps = field(n, "parameters") ?? null;
        // The innermost function declarator's parameters are the function's own.
        params = ps;
        t = { k: "func", ret: t, params: null };
        n = field(n, "declarator");
        continue;
      }
      default:
        return { name: "", nameNode: null, ctype: t, params };
    }
  }
  return { name: "", nameNode: null, ctype: t, params };
}

/**
 * Whether the declared object itself is restrict-qualified: the qualifier
 * of the pointer (or, for a parameter, of the array, C99 6.7.5.3 ¶7)
 * derivation nearest the name. `float *restrict p` and `double
 * a[restrict n]` are; `float *restrict *p` is not (its pointee is).
 */
export function restrictQualified(c: CContext, d: CNode): boolean {
  let last: CNode | null = null;
  let n: CNode | undefined = d;
  for (let guard = 0; n && guard < 10_000; guard++) {
    if (n.type === "identifier") break;
    if (n.type === "pointer_declarator" || n.type === "array_declarator") last = n;
    n = n.type === "parenthesized_declarator" || n.type === "attributed_declarator" ? firstNamed(n) : field(n, "declarator");
  }
  if (!last) return false;
  return last.children.some((ch) => (ch.type === "type_qualifier" && /^(restrict|__restrict__|__restrict)$/.test(textOf(c, ch))) || ch.type === "ms_pointer_modifier" && /restrict/.test(textOf(c, ch)));
}

/** The type a type_descriptor names (casts, sizeof, compound literals). */
export function typeDescriptor(c: CContext, scope: CScope, td: CNode, lowerSize: SizeLowerer): CType {
  const spec = specifiers(c, scope, td, lowerSize);
  const d = field(td, "declarator");
  return d ? declarator(c, d, spec.base, lowerSize).ctype : spec.base;
}

/**
 * The HIR symbol for an object of C type `ctype`: arrays and pointers get
 * dimensions in declaration order (row-major), pointers `attrs.pointer`
 * so that analyses know they may alias.
 */
export function makeSym(c: CContext, name: string, ctype: CType, storage: Storage, span: Span, attrs: SymAttrs = {}): Sym {
  const shape = symbolShape(ctype, span);
  const indexable = shape.dims.length > 0;
  const sym: Sym = {
    id: c.ids.fresh(),
    name,
    type: indexable ? hirType(shape.elem) : hirType(ctype),
    dims: shape.dims,
    layout: "row-major",
    storage,
    attrs: { ...attrs, explicitType: true },
    span,
  };
  if (shape.pointerLevels > 0) sym.attrs.pointer = true;
  if (shape.pointerLevels > 1) sym.attrs.pointerRows = shape.pointerLevels - 1;
  if (ctype.k === "func") sym.storage = "procedure";
  c.ctypes.set(sym.id, ctype);
  return sym;
}

export function declarationSpan(c: CContext, d: Declared, fallback: CNode): Span {
  return spanOf(c, d.nameNode ?? fallback);
}
