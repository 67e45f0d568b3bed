import type { Expr, Triplet } from "./expr.js";
import type { Language } from "./program.js";

/**
 * Prints an HIR expression in the user's language with as few parentheses
 * as precedence allows: `a(i, j + 1)` in Fortran, `a[i][j+1]` in C (the HIR
 * keeps subscripts in declared dimension order, which is source order in
 * both languages). Reports, run-time guards and the clauses written into
 * the program use it. It renders only: whether two expressions are the same
 * is `exprEquals`'s question (expr-equals.ts), since equal text does not
 * mean the same value (two symbols may share a name; a Fortran cast prints
 * as its operand).
 */
export function exprText(e: Expr | Triplet, lang: Language = "fortran"): string {
  return print(e, lang, 0);
}

// Binding strength; higher binds tighter.
const PREC_F: Record<string, number> = {
  eqv: 1,
  neqv: 1,
  or: 2,
  and: 3,
  "==": 5,
  "!=": 5,
  "<": 5,
  "<=": 5,
  ">": 5,
  ">=": 5,
  "//": 6,
  "+": 7,
  "-": 7,
  "*": 8,
  "/": 8,
  "**": 10,
};
const PREC_C: Record<string, number> = {
  ",": 0,
  or: 2,
  and: 3,
  bitor: 4,
  bitxor: 4.3,
  bitand: 4.6,
  "==": 5,
  "!=": 5,
  "<": 5.5,
  "<=": 5.5,
  ">": 5.5,
  ">=": 5.5,
  shl: 6,
  shr: 6,
  "+": 7,
  "-": 7,
  "*": 8,
  "/": 8,
  "%": 8,
};

const F_OPS: Record<string, string> = { "!=": "/=", and: ".and.", or: ".or.", eqv: ".eqv.", neqv: ".neqv." };
const C_OPS: Record<string, string> = { and: "&&", or: "||", bitand: "&", bitor: "|", bitxor: "^", shl: "<<", shr: ">>", eqv: "==", neqv: "!=" };

function print(e: Expr | Triplet, lang: Language, ctx: number): string {
  const f = lang === "fortran";
  switch (e.kind) {
    case "int": {
      // A Fortran literal past the default kind's range needs its kind (`3000000000_8`), or gfortran rejects it.
      const text = f && Math.abs(e.value) > 2147483647 ? `${e.value}_8` : String(e.value);
      return e.value < 0 && ctx > 0 ? `(${text})` : text;
    }
    case "real":
      return e.text;
    case "logical":
      return f ? (e.value ? ".true." : ".false.") : e.value ? "1" : "0";
    case "string":
      return f ? `'${e.value.replace(/'/g, "''")}'` : JSON.stringify(e.value);
    case "var":
      return e.sym.name;
    case "elem":
      // One element of a section an implied loop runs over: the section as the user wrote it.
      if (e.asWritten) return print(e.asWritten, lang, ctx);
      return f ? `${e.sym.name}(${e.subs.map((s) => print(s, lang, 0)).join(", ")})` : `${e.sym.name}${e.subs.map((s) => `[${print(s, lang, 0)}]`).join("")}`;
    case "section":
      return `${e.sym.name}(${e.subs.map((s) => print(s, lang, 0)).join(", ")})`;
    case "triplet":
      return `${e.lo ? print(e.lo, lang, 0) : ""}:${e.hi ? print(e.hi, lang, 0) : ""}${e.stride ? ":" + print(e.stride, lang, 0) : ""}`;
    case "call":
      return `${e.name}(${e.args.map((a) => print(a, lang, f ? 0 : 1)).join(", ")})`;
    case "unary": {
      const op = e.op === "not" ? (f ? ".not. " : "!") : e.op === "bitnot" ? "~" : e.op;
      const inner = print(e.operand, lang, f && e.op !== "not" ? 8 : 9);
      const s = `${op}${inner}`;
      return ctx > (f ? 7 : 8) ? `(${s})` : s;
    }
    case "binary": {
      const table = f ? PREC_F : PREC_C;
      const p = table[e.op] ?? 9;
      const rightAssoc = e.op === "**";
      const l = print(e.left, lang, rightAssoc ? p + 0.5 : p);
      const r = print(e.right, lang, rightAssoc ? p : p + 0.5);
      const op = (f ? F_OPS[e.op] : C_OPS[e.op]) ?? e.op;
      const s = e.op === "," ? `${l}, ${r}` : `${l} ${op} ${r}`;
      return p < ctx ? `(${s})` : s;
    }
    case "cond":
      return `(${print(e.cond, lang, 1)} ? ${print(e.then, lang, 1)} : ${print(e.else, lang, 1)})`;
    case "member":
      return `${print(e.base, lang, 11)}${f ? "%" : e.arrow ? "->" : "."}${e.field}${e.subs ? `(${e.subs.map((x) => print(x, lang, 0)).join(", ")})` : ""}`;
    case "addr":
      return `&${print(e.operand, lang, 11)}`;
    case "deref":
      return `*${print(e.operand, lang, 11)}`;
    case "cast":
      if (!f && e.to.base === "pointer" && e.to.pointee?.base === "integer" && e.to.pointee.bytes === 1) return `(const char *)${print(e.operand, lang, 11)}`;
      return f ? print(e.operand, lang, ctx) : `(${cTypeName(e.to)})${print(e.operand, lang, 11)}`;
    case "implied-do":
      return `(${e.items.map((x) => print(x, lang, 0)).join(", ")}, ${e.index.name} = ${print(e.lower, lang, 0)}, ${print(e.upper, lang, 0)}${e.step ? ", " + print(e.step, lang, 0) : ""})`;
    case "array-ctor":
      return `(/ ${e.items.map((x) => print(x, lang, 0)).join(", ")} /)`;
    case "assign-expr":
      return `${print(e.target, lang, 11)} ${e.op}${e.value ? " " + print(e.value, lang, 1) : ""}`;
    case "unknown":
      return e.text;
  }
}

/** A C cast's type by its width: `(long long)`, `(unsigned char)`; `(double)` for reals. */
function cTypeName(t: { base: string; bytes?: number; unsigned?: boolean }): string {
  if (t.base === "real") return t.bytes === 4 ? "float" : "double";
  if (t.base !== "integer") return t.base;
  const name = t.bytes === 8 ? "long long" : t.bytes === 2 ? "short" : t.bytes === 1 ? "char" : "int";
  return t.unsigned ? `unsigned ${name}` : t.bytes === 1 ? "signed char" : name;
}
