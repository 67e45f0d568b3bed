import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import { tokenSpan } from "./macro.js";
import { isPunct, type PPToken } from "./pp-token.js";

interface Val {
  v: bigint;
  /** Unsigned (uintmax_t) rather than signed (intmax_t), as C99 6.10.1p4 says. */
  u: boolean;
}

const MASK = (1n << 64n) - 1n;
const wrap = (x: Val): Val => (x.u ? { v: x.v & MASK, u: true } : { v: BigInt.asIntN(64, x.v), u: false });

class Fail extends Error {
  constructor(
    readonly msg: string,
    readonly at: PPToken | undefined,
  ) {
    super(msg);
  }
}

/**
 * Evaluates the controlling expression of `#if`/`#elif` (C99 6.10.1) after
 * `defined` and macros are replaced: integer constants in intmax_t or
 * uintmax_t arithmetic, remaining identifiers are 0, `&&`, `||` and `?:`
 * short-circuit (a division by zero in a branch not taken is no error).
 * Returns undefined after reporting a diagnostic when the line is invalid.
 */
export function evalIfExpr(toks: PPToken[], at: Span, diags: Diagnostic[]): boolean | undefined {
  let i = 0;
  const peek = () => toks[i];
  const fail = (msg: string, t: PPToken | undefined = toks[i]): never => {
    throw new Fail(msg, t);
  };
  const expect = (p: string) => {
    if (!isPunct(toks[i], p)) fail(`expected '${p}' in preprocessor expression`);
    i++;
  };
  const arith = (a: Val, b: Val): [Val, Val, boolean] => {
    const u = a.u || b.u;
    return [wrap({ v: a.v, u }), wrap({ v: b.v, u }), u];
  };
  const bool = (b: boolean): Val => ({ v: b ? 1n : 0n, u: false });

  function primary(live: boolean): Val {
    const t = toks[i];
    if (!t) return fail("expected a value at the end of the preprocessor expression", toks[toks.length - 1]);
    i++;
    if (t.kind === "number") return parseNumber(t, fail);
    if (t.kind === "char") return parseChar(t);
    if (t.kind === "ident") return { v: 0n, u: false };
    if (isPunct(t, "(")) {
      const v = comma(live);
      expect(")");
      return v;
    }
    if (t.kind === "punct" && (t.text === "-" || t.text === "+" || t.text === "~" || t.text === "!")) {
      const x = primary(live);
      if (t.text === "-") return wrap({ v: -x.v, u: x.u });
      if (t.text === "+") return x;
      if (t.text === "~") return wrap({ v: ~x.v, u: x.u });
      return bool(x.v === 0n);
    }
    if (t.kind === "string") return fail("a string is not allowed in a preprocessor expression", t);
    return fail(`'${t.text}' is not valid in a preprocessor expression`, t);
  }

  // Binary operators by precedence level, loosest first.
  const LEVELS: string[][] = [["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]];

  function binary(level: number, live: boolean): Val {
    if (level === LEVELS.length) return primary(live);
    let a = binary(level + 1, live);
    for (;;) {
      const t = peek();
      if (!t || t.kind !== "punct" || !LEVELS[level]!.includes(t.text)) return a;
      i++;
      const b = binary(level + 1, live);
      a = apply(t, a, b, live);
    }
  }

  function apply(t: PPToken, a0: Val, b0: Val, live: boolean): Val {
    const [a, b, u] = arith(a0, b0);
    switch (t.text) {
      case "+":
        return wrap({ v: a.v + b.v, u });
      case "-":
        return wrap({ v: a.v - b.v, u });
      case "*":
        return wrap({ v: a.v * b.v, u });
      case "/":
      case "%":
        if (b.v === 0n) {
          if (live) fail("division by zero in preprocessor expression", t);
          return { v: 0n, u };
        }
        return wrap({ v: t.text === "/" ? a.v / b.v : a.v % b.v, u });
      case "<<":
        return wrap({ v: b.v >= 0n && b.v < 64n ? a.v << b.v : 0n, u: a0.u });
      case ">>":
        return wrap({ v: b.v >= 0n && b.v < 64n ? wrap(a0).v >> b.v : 0n, u: a0.u });
      case "<":
        return bool(a.v < b.v);
      case ">":
        return bool(a.v > b.v);
      case "<=":
        return bool(a.v <= b.v);
      case ">=":
        return bool(a.v >= b.v);
      case "==":
        return bool(a.v === b.v);
      case "!=":
        return bool(a.v !== b.v);
      case "&":
        return wrap({ v: a.v & b.v, u });
      case "|":
        return wrap({ v: a.v | b.v, u });
      default:
        return wrap({ v: a.v ^ b.v, u });
    }
  }

  function logicalAnd(live: boolean): Val {
    let a = binary(0, live);
    while (isPunct(peek(), "&&")) {
      i++;
      const b = binary(0, live && a.v !== 0n);
      a = bool(a.v !== 0n && b.v !== 0n);
    }
    return a;
  }

  function logicalOr(live: boolean): Val {
    let a = logicalAnd(live);
    while (isPunct(peek(), "||")) {
      i++;
      const b = logicalAnd(live && a.v === 0n);
      a = bool(a.v !== 0n || b.v !== 0n);
    }
    return a;
  }

  function conditional(live: boolean): Val {
    const c = logicalOr(live);
    if (!isPunct(peek(), "?")) return c;
    i++;
    const a = comma(live && c.v !== 0n);
    expect(":");
    const b = conditional(live && c.v === 0n);
    const u = a.u || b.u;
    return wrap({ v: c.v !== 0n ? a.v : b.v, u });
  }

  function comma(live: boolean): Val {
    let v = conditional(live);
    while (isPunct(peek(), ",")) {
      i++;
      v = conditional(live);
    }
    return v;
  }

  try {
    if (toks.length === 0) fail("#if with no expression");
    const v = comma(true);
    if (i < toks.length) fail(`unexpected '${toks[i]!.text}' in preprocessor expression`);
    return v.v !== 0n;
  } catch (e) {
    if (!(e instanceof Fail)) throw e;
    diags.push({ id: "cpp.if-expr", severity: "error", message: e.msg, span: e.at ? tokenSpan(e.at) : at });
    return undefined;
  }
}

function parseNumber(t: PPToken, fail: (m: string, t: PPToken) => never): Val {
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)([uUlL]*)$/.exec(t.text);
  if (!m) return fail(/[.eEpP]/.test(t.text) && !/^0[xX]/.test(t.text) ? "floating constant in preprocessor expression" : `invalid integer constant '${t.text}'`, t);
  const digits = m[1]!;
  const suffix = m[2]!.toLowerCase();
  if (!/^(u?(l|ll)?|(l|ll)u)$/.test(suffix)) return fail(`invalid suffix '${m[2]}' on integer constant`, t);
  let v: bigint;
  if (/^0[bB]/.test(digits)) v = BigInt(digits.toLowerCase());
  else if (/^0[xX]/.test(digits)) v = BigInt(digits);
  else if (digits.length > 1 && digits.startsWith("0")) {
    if (/[89]/.test(digits)) return fail(`invalid digit in octal constant '${t.text}'`, t);
    v = BigInt("0o" + digits.slice(1));
  } else v = BigInt(digits);
  if (v > MASK) return fail(`integer constant '${t.text}' is too large`, t);
  return { v, u: suffix.includes("u") || v > (1n << 63n) - 1n };
}

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, "\\": 92, "'": 39, '"': 34, "?": 63 };

function parseChar(t: PPToken): Val {
  const body = t.text.replace(/^[LuU]?'/, "").replace(/'$/, "");
  let v = 0;
  if (body.startsWith("\\")) {
    const e = body.slice(1);
    if (/^[0-7]{1,3}$/.test(e)) v = parseInt(e, 8);
    else if (/^x[0-9a-fA-F]+$/.test(e)) v = parseInt(e.slice(1), 16) & 0xff;
    else v = ESCAPES[e[0] ?? ""] ?? e.charCodeAt(0);
  } else v = body.charCodeAt(0) || 0;
  // Plain char is signed on the targets we model.
  if (!/^[LuU]/.test(t.text) && v > 127) v -= 256;
  return { v: BigInt(v), u: false };
}
