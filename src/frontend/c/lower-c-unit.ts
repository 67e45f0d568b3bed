import type { Expr } from "../../ir/expr.js";
import type { Procedure } from "../../ir/program.js";
import { addLocal, CScope, report, spanOf, textOf, type CContext, type FnContext } from "./c-context.js";
import { declarator, makeSym, restrictQualified, specifiers, type Specifiers } from "./c-declarators.js";
import { containsError, field, fields, namedChildren, type CNode } from "./c-syntax.js";
import { C_INT, type CType } from "./c-types.js";
import { globalSym, lowerGlobalDeclaration } from "./lower-c-decl.js";
import { lowerExpr } from "./lower-c-expr.js";
import { lowerItems } from "./lower-c-stmt.js";

/** Array sizes at file scope and in prototypes: constants and globals only. */
function fileScopeSize(c: CContext): (n: CNode) => Expr {
  const f = scratchFn(c);
  return (n) => lowerExpr(f, n);
}

/** A function context for expressions outside any function (array sizes of globals). */
function scratchFn(c: CContext): FnContext {
  const proc: Procedure = { name: "<file scope>", kind: "function", language: "c", span: c.map.span(0, 0), endSpan: c.map.span(0, 0), params: [], symbols: new Map(), statementFunctions: new Map(), body: [], uses: [] };
  return { c, proc, scope: c.fileScope, breakables: [], addressTaken: new Set(), gotos: [], loopChecks: [] };
}

/** Lowers the file-scope items of a translation unit: functions become Procedures, the rest globals. */
export function lowerTranslationUnit(c: CContext, root: CNode, procedures: Procedure[]): void {
  const size = fileScopeSize(c);
  for (const item of root.children) {
    switch (item.type) {
      case "function_definition":
        procedures.push(lowerFunction(c, item));
        break;
      case "declaration":
      case "type_definition":
        lowerGlobalDeclaration(c, item, size);
        break;
      case "linkage_specification": {
        const body = field(item, "body");
        if (body) lowerTranslationUnit(c, body, procedures);
        break;
      }
      case "struct_specifier":
      case "union_specifier":
      case "enum_specifier":
        specifiers(c, c.fileScope, { ...item, children: [{ ...item, field: "type" }] }, size);
        break;
      default:
        // ERROR nodes are reported by c-errors.ts; `;` and stray expressions carry nothing to lower.
        break;
    }
  }
}

function lowerFunction(c: CContext, n: CNode): Procedure {
  const spec = specifiers(c, c.fileScope, n, fileScopeSize(c));
  const declNode = field(n, "declarator");
  const body = field(n, "body");
  const d = declNode ? declarator(c, declNode, spec.base, () => ({ kind: "unknown", text: "", span: spanOf(c, declNode) })) : null;
  const name = d?.name || "<anonymous>";
  const headerEnd = declNode?.end ?? n.start;
  const proc: Procedure = {
    name,
    kind: "function",
    language: "c",
    span: c.map.span(c.pos(n.start), c.pos(headerEnd)),
    endSpan: body ? c.map.span(c.pos(body.end - 1), c.pos(body.end)) : spanOf(c, n),
    params: [],
    symbols: new Map(),
    statementFunctions: new Map(),
    body: [],
    uses: [],
  };
  if (/__attribute__\s*\(\([^;{]*\bdestructor\b/.test(c.text.slice(n.start, headerEnd))) proc.destructor = true;
  if (d) {
    const g = globalSym(c, d, { ...spec, storage: spec.storage === "static" ? "static" : null }, "procedure", declNode!);
    c.fileScope.names.set(name, { kind: "var", sym: g, ctype: d.ctype });
  }
  const f: FnContext = { c, proc, scope: new CScope(c.fileScope), breakables: [], addressTaken: new Set(), gotos: [], loopChecks: [] };
  const paramList = d?.params;
  if (paramList) lowerParams(f, paramList, knrDeclarations(n));
  if (body) lowerItems(f, namedChildren(body), proc.body);
  for (const check of f.loopChecks) check();
  if (!proc.unanalyzable && c.syntaxError && containsError(n)) proc.unanalyzable = { reason: "syntax error in the function", span: proc.span };
  return proc;
}

/** K&R parameter declarations between the declarator and the body: name to (specifiers, declarator). */
function knrDeclarations(n: CNode): CNode[] {
  return n.children.filter((x) => x.type === "declaration" && x.field === null);
}

/**
 * Parameters, in order, each in scope for the next (C99 VLA parameters
 * `int n, double a[n][n]`). An array parameter is a pointer in C: it keeps
 * its declared dimensions but is marked `pointer`, since callers may pass
 * overlapping arrays.
 */
function lowerParams(f: FnContext, list: CNode, knr: CNode[]): void {
  const c = f.c;
  const size = (x: CNode) => lowerExpr(f, x);
  const knrTypes = new Map<string, { ctype: CType; spec: Specifiers; at: CNode }>();
  for (const decl of knr) {
    const spec = specifiers(c, f.scope, decl, size);
    for (const dn of fields(decl, "declarator")) {
      const r = declarator(c, dn, spec.base, size);
      if (r.name) knrTypes.set(r.name, { ctype: r.ctype, spec, at: dn });
    }
  }
  for (const p of namedChildren(list)) {
    let name = "";
    let ctype: CType = C_INT;
    let at: CNode = p;
    let spec: Specifiers | null = null;
    let restrict = false;
    if (p.type === "parameter_declaration") {
      spec = specifiers(c, f.scope, p, size);
      const dn = field(p, "declarator");
      if (!dn) continue; // `(void)` or an unnamed parameter: nothing to bind.
      const r = declarator(c, dn, spec.base, size);
      name = r.name;
      ctype = r.ctype;
      at = r.nameNode ?? dn;
      restrict = restrictQualified(c, dn);
    } else if (p.type === "identifier") {
      name = textOf(c, p);
      const k = knrTypes.get(name);
      if (k) {
        ctype = k.ctype;
        spec = k.spec;
      }
    } else continue;
    if (!name) continue;
    const attrs = spec?.constant ? { constant: true } : {};
    const sym = makeSym(c, name, ctype, "dummy", spanOf(c, at), attrs);
    if (ctype.k === "array") sym.attrs.pointer = true;
    if (restrict && (sym.attrs.pointer || sym.type.base === "pointer")) sym.attrs.restrict = true;
    f.scope.names.set(name, { kind: "var", sym, ctype });
    addLocal(f, sym, ctype);
    f.proc.params.push(sym);
  }
  for (const [name, k] of knrTypes) if (!f.proc.params.some((s) => s.name === name)) report(c, "c.knr-param", "error", `declaration of '${name}', which is not a parameter`, k.at);
}
