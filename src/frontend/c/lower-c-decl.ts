import type { Expr } from "../../ir/expr.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym, SymAttrs } from "../../ir/symbol.js";
import { addLocal, report, spanOf, textOf, type CContext, type FnContext } from "./c-context.js";
import { declarationSpan, declarator, makeSym, specifiers, type Declared, type SizeLowerer, type Specifiers } from "./c-declarators.js";
import { field, fields, type CNode } from "./c-syntax.js";
import { symbolShape, type CType } from "./c-types.js";
import { initializerItems, lowerExpr, sizeLowerer } from "./lower-c-expr.js";

function attrsOf(spec: Specifiers): SymAttrs {
  const a: SymAttrs = {};
  if (spec.constant) a.constant = true;
  if (spec.volatile) a.volatile = true;
  if (spec.threadLocal) a.threadLocal = true;
  if (spec.storage === "static") a.save = true;
  return a;
}

/**
 * A declaration inside a function: typedefs go into the scope; each
 * declared object gets its own symbol (a name declared again in an inner
 * block is a different variable); an initializer becomes an assignment at
 * the declaration's place — except for `static` locals, initialized once
 * before the program starts.
 */
export function lowerLocalDeclaration(f: FnContext, n: CNode, out: Stmt[]): void {
  const c = f.c;
  const lower = sizeLowerer(f);
  if (n.type === "struct_specifier" || n.type === "union_specifier" || n.type === "enum_specifier") {
    specifiers(c, f.scope, { ...n, children: [{ ...n, field: "type" }] }, lower);
    return;
  }
  const spec = specifiers(c, f.scope, n, lower);
  for (const d of fields(n, "declarator")) {
    const r = declarator(c, d, spec.base, lower);
    if (!r.name) continue;
    const span = declarationSpan(c, r, d);
    if (spec.storage === "typedef" || n.type === "type_definition") {
      f.scope.names.set(r.name, { kind: "typedef", ctype: nameAnonymous(c, r.name, r.ctype) });
      continue;
    }
    if (r.ctype.k === "func" || spec.storage === "extern") {
      // A block-scope declaration of a function or an extern object names the file-scope entity.
      const g = globalSym(c, r, spec, r.ctype.k === "func" ? "procedure" : "global", d);
      f.scope.names.set(r.name, { kind: "var", sym: g, ctype: r.ctype });
      continue;
    }
    const sym = makeSym(c, r.name, r.ctype, "local", span, attrsOf(spec));
    f.scope.names.set(r.name, { kind: "var", sym, ctype: r.ctype });
    addLocal(f, sym, r.ctype);
    const value = d.type === "init_declarator" ? field(d, "value") : undefined;
    if (!value) continue;
    sym.attrs.initialized = true;
    if (spec.storage === "static") {
      sym.attrs.initNames = initializerNames(c, value);
      continue;
    }
    out.push({ kind: "assign", lhs: { kind: "var", sym, span, type: sym.type }, rhs: initializer(f, value), span: spanOf(c, d) });
  }
}

/** The identifiers an initializer names (`tmp` in `int *p = tmp;`). */
function initializerNames(c: CContext, value: CNode): string[] {
  const names = new Set<string>();
  const walk = (x: CNode): void => {
    if (x.type === "identifier") names.add(textOf(c, x));
    x.children.forEach(walk);
  };
  walk(value);
  return [...names];
}

/** An initializer's value: `{...}` lists become an array constructor of their leaves in order. */
function initializer(f: FnContext, v: CNode): Expr {
  if (v.type === "initializer_list") return { kind: "array-ctor", items: initializerItems(f, v), span: spanOf(f.c, v) };
  return lowerExpr(f, v);
}

/**
 * A file-scope declaration: objects become globals (a later definition
 * completes an earlier `extern` one, `int a[];` then `int a[10];`),
 * functions procedure symbols, typedefs and tags go into the file scope.
 */
export function lowerGlobalDeclaration(c: CContext, n: CNode, lowerSize: SizeLowerer): void {
  const spec = specifiers(c, c.fileScope, n, lowerSize);
  for (const d of fields(n, "declarator")) {
    const r = declarator(c, d, spec.base, lowerSize);
    if (!r.name) continue;
    if (spec.storage === "typedef" || n.type === "type_definition") {
      c.fileScope.names.set(r.name, { kind: "typedef", ctype: nameAnonymous(c, r.name, r.ctype) });
      continue;
    }
    const sym = globalSym(c, r, spec, r.ctype.k === "func" ? "procedure" : "global", d);
    c.fileScope.names.set(r.name, { kind: "var", sym, ctype: c.ctypes.get(sym.id) ?? r.ctype });
    const value = d.type === "init_declarator" ? field(d, "value") : null;
    if (value) {
      sym.attrs.initialized = true;
      // The initializer is not lowered: the names it holds, for what a pointer may hold from the start (escaped-arrays.ts).
      sym.attrs.initNames = [...new Set([...(sym.attrs.initNames ?? []), ...initializerNames(c, value)])];
    }
  }
}

/** `typedef struct { ... } T;`: the struct is known by T (in dumps and reports). */
function nameAnonymous(c: CContext, name: string, t: CType): CType {
  if (t.k !== "struct" || !t.tag.startsWith("<anonymous")) return t;
  const info = c.structs.get(t.tag);
  if (info && !c.structs.has(name)) c.structs.set(name, { ...info, tag: name });
  return c.structs.get(name) === undefined ? t : { k: "struct", tag: name, union: t.union, ...(t.members ? { members: t.members } : {}) };
}

/** The global symbol for a name, created on first declaration and completed by later ones. */
export function globalSym(c: CContext, r: Declared, spec: Specifiers, storage: "global" | "procedure", at: CNode): Sym {
  const old = c.globals.get(r.name);
  if (old && old.storage !== "parameter") {
    const oldT = c.ctypes.get(old.id);
    if (oldT && moreComplete(r.ctype, oldT)) {
      const span = old.span;
      const shape = symbolShape(r.ctype, span);
      old.dims = shape.dims;
      if (shape.pointerLevels > 1) old.attrs.pointerRows = shape.pointerLevels - 1;
      c.ctypes.set(old.id, r.ctype);
    }
    if (spec.storage !== "extern" && storage === "global") {
      old.span = declarationSpan(c, r, at);
      // Defined here after all (`extern double x;` in a header, then `double x;`).
      delete old.attrs.external;
    }
    return old;
  }
  if (old && old.storage === "parameter") report(c, "c.redeclared", "error", `'${r.name}' redeclared as a different kind of symbol`, at);
  const attrs = attrsOf(spec);
  if (spec.storage === "extern") attrs.external = true;
  const sym = makeSym(c, r.name, r.ctype, storage, declarationSpan(c, r, at), attrs);
  c.globals.set(r.name, sym);
  return sym;
}

/** `int a[10]` completes `int a[]`; a function with parameters completes `f()`. */
function moreComplete(a: CType, b: CType): boolean {
  if (a.k === "array" && b.k === "array") return (a.size !== null && b.size === null) || moreComplete(a.of, b.of);
  if (a.k === "func" && b.k === "func") return a.params !== null && b.params === null;
  if (b.k === "prim" && b.t.base === "unknown") return true;
  return false;
}

