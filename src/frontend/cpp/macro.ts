import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import { isPunct, tokensText, type PPToken } from "./pp-token.js";

/** A macro definition: object-like, or function-like with named parameters (`...` is `__VA_ARGS__`). */
export interface Macro {
  name: string;
  /** null for object-like macros. */
  params: string[] | null;
  /** Whether the last parameter is variadic (`...` or GNU `name...`). */
  variadic: boolean;
  body: PPToken[];
  /** Where it was defined (null for built-in and command-line macros). */
  span: Span | null;
  /** `__LINE__`, `__FILE__`: computed at each use. */
  dynamic?: "line" | "file" | "counter";
}

export function tokenSpan(t: PPToken): Span {
  return { file: t.file, line: t.line, column: t.column, endLine: t.line, endColumn: t.column + t.text.length };
}

/**
 * Parses the rest of a `#define` line (the tokens after `define`). The
 * constraints of C99 6.10.3 that cpp enforces are errors here too: a
 * parameter list that does not close, duplicate parameters, `#` not
 * followed by a parameter, `##` at either end.
 */
export function parseDefine(toks: PPToken[], at: Span, diags: Diagnostic[]): Macro | undefined {
  const name = toks[0];
  if (!name || name.kind !== "ident") {
    diags.push({ id: "cpp.define-name", severity: "error", message: "macro names must be identifiers", span: name ? tokenSpan(name) : at });
    return undefined;
  }
  if (name.text === "defined") {
    diags.push({ id: "cpp.define-name", severity: "error", message: "'defined' cannot be used as a macro name", span: tokenSpan(name) });
    return undefined;
  }
  let i = 1;
  let params: string[] | null = null;
  let variadic = false;
  const open = toks[1];
  if (isPunct(open, "(") && !open!.space) {
    params = [];
    i = 2;
    let ok = false;
    while (i < toks.length) {
      const t = toks[i]!;
      if (isPunct(t, ")") && params.length === 0 && !variadic) {
        i++;
        ok = true;
        break;
      }
      if (isPunct(t, "...")) {
        variadic = true;
        params.push("__VA_ARGS__");
        i++;
      } else if (t.kind === "ident") {
        if (params.includes(t.text)) {
          diags.push({ id: "cpp.define-params", severity: "error", message: `duplicate macro parameter '${t.text}'`, span: tokenSpan(t) });
          return undefined;
        }
        params.push(t.text);
        i++;
        // GNU named variadic parameter `args...`.
        if (isPunct(toks[i], "...")) {
          variadic = true;
          i++;
        }
      } else break;
      const sep = toks[i];
      if (isPunct(sep, ")")) {
        i++;
        ok = true;
        break;
      }
      if (!isPunct(sep, ",") || variadic) break;
      i++;
    }
    if (!ok) {
      const bad = toks[i];
      diags.push({ id: "cpp.define-params", severity: "error", message: `malformed parameter list in the definition of macro '${name.text}'`, span: bad ? tokenSpan(bad) : tokenSpan(name) });
      return undefined;
    }
  }
  const body = toks.slice(i);
  if (body.length) body[0] = { ...body[0]!, space: false };
  if (body.length && (isPunct(body[0], "##") || isPunct(body[body.length - 1], "##"))) {
    const t = isPunct(body[0], "##") ? body[0]! : body[body.length - 1]!;
    diags.push({ id: "cpp.define-paste", severity: "error", message: "'##' cannot appear at either end of a macro body", span: tokenSpan(t) });
    return undefined;
  }
  if (params) {
    for (let k = 0; k < body.length; k++) {
      if (!isPunct(body[k], "#")) continue;
      const next = body[k + 1];
      if (!next || next.kind !== "ident" || !(params.includes(next.text) || (next.text === "__VA_OPT__" && variadic))) {
        diags.push({ id: "cpp.define-stringize", severity: "error", message: "'#' is not followed by a macro parameter", span: tokenSpan(body[k]!) });
        return undefined;
      }
    }
  }
  return { name: name.text, params, variadic, body, span: tokenSpan(name) };
}

/** Whether two definitions are the same (C99 6.10.3p2: redefining differently is an error; cpp warns). */
export function sameDefinition(a: Macro, b: Macro): boolean {
  if ((a.params === null) !== (b.params === null)) return false;
  if (a.params && b.params && a.params.join(",") !== b.params.join(",")) return false;
  return a.variadic === b.variadic && tokensText(a.body) === tokensText(b.body);
}
