import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import { dirname, resolveFrom } from "../../util/path.js";
import type { Conditionals } from "./conditionals.js";
import { listSource, type Expander } from "./expander.js";
import { evalIfExpr } from "./if-expr.js";
import { parseDefine, sameDefinition, tokenSpan, type Macro } from "./macro.js";
import { isPunct, tokensText, type PPToken } from "./pp-token.js";
import { systemHeaderMacros } from "./system-headers.js";

/** What the directive handler needs from the preprocessor. */
export interface DirectiveHost {
  readonly diags: Diagnostic[];
  readonly macros: Map<string, Macro>;
  readonly expander: Expander;
  readonly conds: Conditionals;
  readonly includes: string[];
  readonly systemIncludes: { name: string; span: Span }[];
  readonly opts: { includeDirs?: string[] };
  readonly fortran: boolean;
  defineText(line: string, file: string | null): void;
  processFile(path: string, text: string, depth: number): void;
  /** The text of a candidate include file, or undefined when there is none. */
  readInclude(path: string): string | undefined;
  addPragma(text: string, span: Span): void;
  /** False once the output or include limits are exceeded (reported there). */
  withinLimits(at: Span): boolean;
}

/** The state of one file being read; `#line` changes its presumed name and numbering. */
export interface FileState {
  path: string;
  depth: number;
  lineDelta: number;
  name: string;
  /** Conditional-stack depth when the file started (its #endif cannot close the includer's #if). */
  condBase: number;
}

const MAX_INCLUDE_DEPTH = 200;

function lineSpan(toks: PPToken[]): Span {
  const a = toks[0]!;
  const b = toks[toks.length - 1]!;
  return { file: a.file, line: a.line, column: a.column, endLine: b.line, endColumn: b.line === a.line ? b.column + b.text.length : a.column + 1 };
}

/**
 * Handles one directive line (its tokens, `#` first) — C99 6.10: conditional
 * inclusion, source inclusion, macro definition, `#line`, `#error`,
 * `#pragma` and the null directive.
 */
export class Directives {
  private readonly once = new Set<string>();

  constructor(private readonly pp: DirectiveHost) {}

  handle(line: PPToken[], file: FileState): void {
    const pp = this.pp;
    const span = lineSpan(line);
    const nameTok = line[1];
    if (!nameTok) return; // The null directive.
    const name = nameTok.kind === "number" ? "line" : nameTok.text;
    const rest = nameTok.kind === "number" ? line.slice(1) : line.slice(2);
    const err = (message: string, at: Span = span, id = "cpp.directive") => pp.diags.push({ id, severity: "error", message, span: at });

    switch (name) {
      case "if":
        pp.conds.open(span, () => this.evaluate(rest, span));
        return;
      case "ifdef":
      case "ifndef": {
        const id = rest[0];
        pp.conds.open(span, () => {
          if (!id || id.kind !== "ident") {
            err(`#${name} needs a macro name`);
            return false;
          }
          return pp.macros.has(id.text) === (name === "ifdef");
        });
        return;
      }
      case "elif":
        pp.conds.elif(span, () => this.evaluate(rest, span), pp.diags);
        return;
      case "else":
        pp.conds.else(span, pp.diags);
        return;
      case "endif":
        pp.conds.endif(span, pp.diags, file.condBase);
        return;
    }
    if (!pp.conds.active) return;

    switch (name) {
      case "define": {
        const m = parseDefine(rest, span, pp.diags);
        if (!m) return;
        const old = pp.macros.get(m.name);
        if (old && (old.dynamic || !sameDefinition(old, m)) && old.span)
          pp.diags.push({ id: "cpp.redefined", severity: "warning", message: `macro '${m.name}' redefined (previous definition at ${old.span.file}:${old.span.line})`, span: m.span ?? span });
        pp.macros.set(m.name, m);
        return;
      }
      case "undef": {
        const id = rest[0];
        if (!id || id.kind !== "ident") err("#undef needs a macro name");
        else pp.macros.delete(id.text);
        return;
      }
      case "include":
      case "include_next":
      case "import":
        this.include(rest, span, file);
        return;
      case "line":
        this.line(rest, span, file);
        return;
      case "error":
        err(`#error ${tokensText(rest)}`, span, "cpp.error-directive");
        return;
      case "warning":
        pp.diags.push({ id: "cpp.warning-directive", severity: "warning", message: `#warning ${tokensText(rest)}`, span });
        return;
      case "pragma":
        if (rest[0]?.text === "once") this.once.add(file.path);
        else pp.addPragma(tokensText(rest), span);
        return;
      case "ident":
      case "sccs":
      case "assert":
      case "unassert":
        return;
      default:
        err(`invalid preprocessing directive #${nameTok.text}`, tokenSpan(nameTok), "cpp.unknown-directive");
    }
  }

  /** `#if` / `#elif`: `defined` first, then macros, then the integer expression. */
  private evaluate(rest: PPToken[], span: Span): boolean {
    const pp = this.pp;
    const replaced: PPToken[] = [];
    for (let i = 0; i < rest.length; i++) {
      const t = rest[i]!;
      if (t.kind === "ident" && t.text === "defined") {
        let id = rest[i + 1];
        let skip = 1;
        if (isPunct(id, "(")) {
          id = rest[i + 2];
          skip = 3;
          if (!isPunct(rest[i + 3], ")")) {
            pp.diags.push({ id: "cpp.if-expr", severity: "error", message: "missing ')' after 'defined'", span: tokenSpan(t) });
            return false;
          }
        }
        if (!id || id.kind !== "ident") {
          pp.diags.push({ id: "cpp.if-expr", severity: "error", message: "'defined' needs a macro name", span: tokenSpan(t) });
          return false;
        }
        replaced.push({ ...t, kind: "number", text: pp.macros.has(id.text) ? "1" : "0" });
        i += skip;
      } else if (t.kind === "ident" && t.text === "__has_include") {
        // `__has_include("x")` / `__has_include(<x>)`: whether the file can be found.
        let j = i + 1;
        let depth = 0;
        const parts: PPToken[] = [];
        for (; j < rest.length; j++) {
          if (isPunct(rest[j], "(")) depth++;
          else if (isPunct(rest[j], ")") && --depth === 0) break;
          else if (depth > 0) parts.push(rest[j]!);
        }
        const h = headerName(parts);
        const found = h ? this.find(h.name, h.angle, span.file) !== undefined : false;
        replaced.push({ ...t, kind: "number", text: found ? "1" : "0" });
        i = j;
      } else replaced.push(t);
    }
    const expanded = pp.expander.expandAll(listSource(replaced));
    return evalIfExpr(expanded, span, pp.diags) ?? false;
  }

  private find(name: string, angle: boolean, fromFile: string): { path: string; text: string } | undefined {
    const dirs = angle ? (this.pp.opts.includeDirs ?? []) : [dirname(fromFile), ...(this.pp.opts.includeDirs ?? [])];
    for (const d of dirs) {
      const p = resolveFrom(d, name);
      const text = this.pp.readInclude(p);
      if (text !== undefined) return { path: p, text };
    }
    return undefined;
  }

  private include(rest: PPToken[], span: Span, file: FileState): void {
    const pp = this.pp;
    let h = headerName(rest);
    if (!h) {
      // `#include MACRO`: expand, then try again (C99 6.10.2p4).
      h = headerName(pp.expander.expandAll(listSource(rest)));
    }
    if (!h) {
      pp.diags.push({ id: "cpp.include-syntax", severity: "error", message: '#include expects "FILENAME" or <FILENAME>', span });
      return;
    }
    if (file.depth + 1 > MAX_INCLUDE_DEPTH) {
      pp.diags.push({ id: "include.too-deep", severity: "error", message: `#include nested more than ${MAX_INCLUDE_DEPTH} deep (does '${h.name}' include itself?)`, span });
      return;
    }
    const found = this.find(h.name, h.angle, file.path);
    if (!found) {
      if (h.angle) {
        // A system header: recorded, not read; doall knows what it needs of the standard ones.
        pp.systemIncludes.push({ name: h.name, span });
        for (const def of systemHeaderMacros(h.name)) {
          const n = /^\w+/.exec(def)![0];
          if (!pp.macros.has(n)) pp.defineText(def, `<${h.name}>`);
        }
        return;
      }
      const searched = [dirname(file.path), ...(pp.opts.includeDirs ?? [])].join(", ");
      pp.diags.push({ id: "include.not-found", severity: "error", message: `cannot find include file '${h.name}' (searched ${searched})`, span });
      return;
    }
    if (this.once.has(found.path) || !pp.withinLimits(span)) return;
    if (!pp.includes.includes(found.path)) pp.includes.push(found.path);
    pp.processFile(found.path, found.text, file.depth + 1);
  }

  private line(rest: PPToken[], span: Span, file: FileState): void {
    const toks = this.pp.expander.expandAll(listSource(rest));
    const n = toks[0];
    if (!n || n.kind !== "number" || !/^\d+$/.test(n.text)) {
      this.pp.diags.push({ id: "cpp.line", severity: "error", message: "#line needs a line number", span });
      return;
    }
    // The line after the directive gets number N.
    const physicalNext = span.endLine - file.lineDelta + 1;
    file.lineDelta = parseInt(n.text, 10) - physicalNext;
    const f = toks[1];
    if (f && f.kind === "string") file.name = f.text.slice(1, -1).replace(/\\(.)/g, "$1");
  }
}

/** The file named by `"x"` or `<x>` tokens. */
function headerName(toks: PPToken[]): { name: string; angle: boolean } | undefined {
  const t = toks[0];
  if (!t) return undefined;
  if (t.kind === "header") return { name: t.text.slice(1, -1), angle: true };
  if (t.kind === "string" && t.text.startsWith('"')) return { name: t.text.slice(1, -1), angle: false };
  if (isPunct(t, "<")) {
    const end = toks.findIndex((x) => isPunct(x, ">"));
    if (end > 1) return { name: toks.slice(1, end).map((x) => x.text).join(""), angle: true };
  }
  return undefined;
}
