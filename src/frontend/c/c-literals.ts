import type { Type } from "../../ir/types.js";
import type { Span } from "../../source/span.js";
import { textOf, type CContext } from "./c-context.js";
import type { CNode } from "./c-syntax.js";
import { C_CHAR, C_INT, hirType, type CType } from "./c-types.js";
import type { Typed } from "./lower-c-expr.js";

/**
 * Integer, floating, character and string constants (C99 6.4.4, 6.4.5).
 * An integer constant that does not fit a JavaScript safe integer stays
 * an opaque value rather than a rounded, wrong one.
 */
export function lowerLiteral(c: CContext, n: CNode, span: Span): Typed {
  const text = textOf(c, n);
  if (n.type === "char_literal") {
    const v = charValue(text);
    return { e: { kind: "int", value: v, span, type: hirType(C_INT) }, t: C_INT };
  }
  if (n.type === "string_literal" || n.type === "concatenated_string") {
    const parts = n.type === "concatenated_string" ? n.children.filter((x) => x.type === "string_literal").map((x) => textOf(c, x)) : [text];
    const value = parts.map((p) => unescape(p.replace(/^[LuU8]*"/, "").replace(/"$/, ""))).join("");
    const t: CType = { k: "ptr", to: C_CHAR };
    return { e: { kind: "string", value, span, type: hirType(t) }, t };
  }
  return number(text, span);
}

function number(text: string, span: Span): Typed {
  // tree-sitter-c's number_literal takes a sign (`-1` in `dy = -1` is one token); C has no
  // signed constants, so it is unary minus on the constant, as `- 1` lowers: an integer, not a double.
  const sign = /^[-+]/.exec(text)?.[0];
  if (sign) {
    const a = number(text.slice(1), span);
    return { e: { kind: "unary", op: sign === "-" ? "-" : "+", operand: a.e, span, ...(a.e.type ? { type: a.e.type } : {}) }, t: a.t };
  }
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)([uUlL]*)$/.exec(text);
  if (m) {
    const digits = m[1]!;
    const suffix = m[2]!.toLowerCase();
    const v = /^0[xXbB]/.test(digits) ? Number(digits.toLowerCase()) : digits.length > 1 && digits.startsWith("0") ? parseInt(digits, 8) : Number(digits);
    const t: Type = { base: "integer", bytes: suffix.includes("l") || v > 2147483647 ? 8 : 4 };
    if (suffix.includes("u")) t.unsigned = true;
    const ct: CType = { k: "prim", t };
    if (!Number.isSafeInteger(v)) return { e: { kind: "unknown", text, span, type: t }, t: ct };
    return { e: { kind: "int", value: v, span, type: t }, t: ct };
  }
  const isFloat = /[fF]$/.test(text) && !/^0[xX][0-9a-fA-F]*$/.test(text);
  const body = text.replace(/[fFlL]+$/, "");
  const t: Type = { base: "real", bytes: isFloat ? 4 : /[lL]$/.test(text) ? 16 : 8 };
  const ct: CType = { k: "prim", t };
  const v = /^0[xX]/.test(body) ? hexFloat(body) : Number(body);
  if (!Number.isFinite(v)) return { e: { kind: "unknown", text, span, type: t }, t: ct };
  return { e: { kind: "real", value: v, text, span, type: t }, t: ct };
}

function hexFloat(s: string): number {
  const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(s);
  if (!m) return NaN;
  const int = parseInt(m[1] || "0", 16);
  const frac = m[2] ? parseInt(m[2], 16) / 16 ** m[2].length : 0;
  return (int + frac) * 2 ** parseInt(m[3]!, 10);
}

const ESC: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?", "0": "\0" };

function unescape(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === "x") return String.fromCharCode(parseInt(e.slice(1), 16) & 0xff);
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
    return ESC[e] ?? e;
  });
}

function charValue(text: string): number {
  const body = unescape(text.replace(/^[LuU8]*'/, "").replace(/'$/, ""));
  const v = body.length ? body.charCodeAt(0) : 0;
  return v > 127 && v < 256 && !/^[LuU]/.test(text) ? v - 256 : v;
}
