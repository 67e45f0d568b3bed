import { spanTo } from "../../source/span.js";
import type { FArg, FArgList, FExpr } from "./ast.js";
import type { Token } from "./lexer.js";
import type { TokenStream } from "./token-stream.js";

/**
 * Fortran expressions with the standard's precedence, lowest first:
 * defined binary operators, .eqv./.neqv., .or., .and., .not., relations,
 * //, binary + and - (with a leading unary sign applying to the whole
 * add-operand: `-a**2` is `-(a**2)`), * and /, ** (right associative).
 * Parsed by precedence climbing: one table lookup per operator instead of
 * a test at every level of a recursive-descent chain (this is hot code).
 */
export function parseExpr(ts: TokenStream): FExpr {
  const start = ts.peek();
  const e = parseLevel(ts, 0);
  // Every later pass walks expressions recursively: a tree deeper than this is refused here,
  // with its position, instead of overflowing the stack somewhere downstream.
  if (ts.nesting === 0 && deeperThan(e, MAX_EXPR_DEPTH)) ts.fail(TOO_DEEP, start);
  return e;
}

/** How deep an expression tree may be (parentheses, operators, arguments). */
export const MAX_EXPR_DEPTH = 200;
const TOO_DEEP = `the expression is nested more than ${MAX_EXPR_DEPTH} levels deep, more than doall reads`;

/**
 * Runs of one associative operator longer than this are regrouped as a
 * balanced tree (`x1 + x2 + ... + x5000`, as generated code has): its depth
 * is then log2 of the run, not its length. Shorter runs keep the standard's
 * left-to-right grouping, which is what the analyses see in ordinary code.
 */
const BALANCE_ABOVE = 16;
const ASSOCIATIVE = new Set(["*", ".and.", ".or.", ".eqv.", ".neqv.", "//"]);

// Binding power of binary operators (relations are non-associative in the
// standard; parsing them left-associatively accepts a superset, which is fine
// for valid programs).
const PREC_DEFINED = 1;
const PREC_EQV = 2;
const PREC_OR = 3;
const PREC_AND = 4;
const PREC_NOT = 5;
const PREC_REL = 6;
const PREC_CONCAT = 7;
const PREC_ADD = 8;
const PREC_MUL = 9;
const PREC_POW = 10;

const BINARY_PREC = new Map<string, number>([
  [".eqv.", PREC_EQV],
  [".neqv.", PREC_EQV],
  [".or.", PREC_OR],
  [".and.", PREC_AND],
  ["==", PREC_REL],
  ["/=", PREC_REL],
  ["<", PREC_REL],
  ["<=", PREC_REL],
  [">", PREC_REL],
  [">=", PREC_REL],
  ["//", PREC_CONCAT],
  ["+", PREC_ADD],
  ["-", PREC_ADD],
  ["*", PREC_MUL],
  ["/", PREC_MUL],
  ["**", PREC_POW],
]);

function binaryPrec(t: Token): number {
  if (t.kind !== "op") return -1;
  const p = BINARY_PREC.get(t.value);
  if (p !== undefined) return p;
  // A user-defined operator `.myop.`
  return t.value.length > 2 && t.value.charCodeAt(0) === 46 && t.value !== ".not." ? PREC_DEFINED : -1;
}

/** Parses an expression whose binary operators all bind at least as tightly as `min`. */
function parseLevel(ts: TokenStream, min: number): FExpr {
  // Parentheses, signs and arguments recurse through here: bounded, so that no input can
  // overflow the stack (5,000 nested parentheses are a positioned error, not a crash).
  if (++ts.nesting > MAX_EXPR_DEPTH) ts.fail(TOO_DEEP);
  const first = parseUnary(ts, min);
  let l = first;
  const ops: Token[] = [];
  const terms: FExpr[] = [first];
  for (;;) {
    const t = ts.peek();
    const p = binaryPrec(t);
    if (p < 0 || p < min) break;
    ts.next();
    // ** is right associative; everything else left associative.
    const r = parseLevel(ts, p === PREC_POW ? p : p + 1);
    l = { k: "binary", op: t.value, l, r, span: spanTo(l.span, r.span) };
    ops.push(t);
    terms.push(r);
  }
  ts.nesting--;
  return ops.length > BALANCE_ABOVE ? balanced(ts, terms, ops) ?? l : l;
}

/**
 * A long run `t0 op1 t1 op2 t2 ...` of one associative operator as a
 * balanced tree; `+`/`-` runs as a sum of signed terms (`a - b` is
 * `a + (-b)`). Undefined when the run mixes operators that do not
 * associate (`a / b * c`): it keeps its left-to-right tree.
 */
function balanced(ts: TokenStream, terms: FExpr[], ops: Token[]): FExpr | undefined {
  const op = ops[0]!.value;
  if (op === "+" || op === "-") {
    if (!ops.every((t) => t.value === "+" || t.value === "-")) return undefined;
    const signed = terms.map((x, i): FExpr => (i > 0 && ops[i - 1]!.value === "-" ? { k: "unary", op: "-", x, span: spanTo(ts.span(ops[i - 1]!, ops[i - 1]!), x.span) } : x));
    return balance(signed, 0, signed.length, "+");
  }
  if (!ASSOCIATIVE.has(op) || !ops.every((t) => t.value === op)) return undefined;
  return balance(terms, 0, terms.length, op);
}

function balance(xs: FExpr[], from: number, to: number, op: string): FExpr {
  if (to - from === 1) return xs[from]!;
  const mid = (from + to) >> 1;
  const l = balance(xs, from, mid, op);
  const r = balance(xs, mid, to, op);
  return { k: "binary", op, l, r, span: spanTo(l.span, r.span) };
}

/** Whether the tree is more than `limit` levels deep (it stops descending there, so its own recursion is bounded). */
function deeperThan(e: FExpr, limit: number): boolean {
  if (limit < 0) return true;
  const d = limit - 1;
  switch (e.k) {
    case "unary":
    case "paren":
      return deeperThan(e.x, d);
    case "binary":
      return deeperThan(e.l, d) || deeperThan(e.r, d);
    case "complex":
      return deeperThan(e.re, d) || deeperThan(e.im, d);
    case "ctor":
      return e.items.some((x) => deeperThan(x, d));
    case "implied-do":
      return e.items.some((x) => deeperThan(x, d)) || deeperThan(e.lo, d) || deeperThan(e.hi, d) || (e.step !== null && deeperThan(e.step, d));
    case "component":
      return deeperThan(e.base, d) || argsDeeperThan(e.args, d);
    case "name":
      return argsDeeperThan(e.args, d);
    default:
      return false;
  }
}

function argsDeeperThan(lists: FArgList[], limit: number): boolean {
  for (const list of lists)
    for (const a of list.items) {
      if (a.kind === "expr" && deeperThan(a.e, limit)) return true;
      if (a.kind === "range" && [a.lo, a.hi, a.stride].some((x) => x !== null && deeperThan(x, limit))) return true;
    }
  return false;
}

/**
 * The operand at a level: `.not.` applies to a level-5 operand; a leading
 * sign to a whole multiplication (`-a*b` is `-(a*b)`), and after another
 * operator (`a * -b`, `x**-2`, an extension compilers accept) to a power.
 */
function parseUnary(ts: TokenStream, min: number): FExpr {
  const t = ts.peek();
  if (t.kind === "op") {
    if (t.value === ".not.") {
      ts.next();
      const x = parseLevel(ts, PREC_NOT);
      return { k: "unary", op: ".not.", x, span: spanTo(ts.span(t, t), x.span) };
    }
    if (t.value === "-" || t.value === "+") {
      ts.next();
      const x = parseLevel(ts, min <= PREC_ADD ? PREC_MUL : PREC_POW);
      return { k: "unary", op: t.value, x, span: spanTo(ts.span(t, t), x.span) };
    }
  }
  return parsePrimary(ts);
}

function numberValue(text: string): number {
  return Number(text.replace(/[dDqQ]/, "e"));
}

export function parsePrimary(ts: TokenStream): FExpr {
  const t = ts.peek();
  switch (t.kind) {
    case "int": {
      ts.next();
      const e: FExpr = { k: "int", value: Number(t.value), text: t.value, span: ts.span(t) };
      if (t.kindParam) e.kindParam = t.kindParam;
      return e;
    }
    case "real": {
      ts.next();
      const e: FExpr = { k: "real", value: numberValue(t.value), text: ts.text(t), double: !!t.double, span: ts.span(t) };
      if (t.kindParam) e.kindParam = t.kindParam;
      return e;
    }
    case "string":
      ts.next();
      return { k: "str", value: t.value, span: ts.span(t) };
    case "logical":
      ts.next();
      return { k: "logical", value: t.value === "true", span: ts.span(t) };
    case "boz": {
      ts.next();
      const m = /^([bozx])['"]([0-9a-f]*)['"]$/i.exec(t.value);
      const radix = m ? { b: 2, o: 8, z: 16, x: 16 }[m[1]!.toLowerCase() as "b"]! : 10;
      return { k: "boz", value: m ? parseInt(m[2]!, radix) : 0, text: t.value, span: ts.span(t) };
    }
    case "ident":
      return parseDesignator(ts);
    case "op":
      if (t.value === "(") return parseParenthesized(ts);
      if (t.value === "(/" || t.value === "[") return parseConstructor(ts);
      break;
    default:
      break;
  }
  ts.fail(`expected an expression${ts.describeHere()}`);
}

/** `name`, `name(args)`, `name(args)(substring)`, `a%b(i)%c`. */
export function parseDesignator(ts: TokenStream): FExpr {
  const t = ts.expectIdent();
  let e: FExpr = { k: "name", name: t.value, args: [], span: ts.span(t) };
  while (ts.isOp("(")) {
    const list = parseArgList(ts);
    (e as { args: FArgList[] }).args.push(list);
    e.span = spanTo(e.span, list.span);
  }
  while (ts.isOp("%")) {
    ts.next();
    const c = ts.expectIdent("a component name");
    const comp: FExpr = { k: "component", base: e, name: c.value, args: [], span: spanTo(e.span, ts.span(c)) };
    while (ts.isOp("(")) {
      const list = parseArgList(ts);
      comp.args.push(list);
      comp.span = spanTo(comp.span, list.span);
    }
    e = comp;
  }
  return e;
}

/** `( item, item, ... )` where an item is an expression, `lo:hi:stride`, `key=value` or `*label`. */
export function parseArgList(ts: TokenStream): FArgList {
  const open = ts.expectOp("(");
  const items: FArg[] = [];
  if (!ts.isOp(")")) {
    for (;;) {
      items.push(parseArg(ts));
      if (!ts.acceptOp(",")) break;
    }
  }
  ts.expectOp(")", "to close the parenthesis");
  return { items, span: ts.span(open) };
}

function parseArg(ts: TokenStream): FArg {
  const start = ts.peek();
  if (ts.isIdent() && ts.isOp("=", 1)) {
    const key = ts.next().value;
    ts.next();
    if (ts.isOp("*") && (ts.isOp(",", 1) || ts.isOp(")", 1))) {
      const st = ts.next();
      return { kind: "expr", e: { k: "star", span: ts.span(st) }, keyword: key, span: ts.span(start) };
    }
    const e = parseExpr(ts);
    return { kind: "expr", e, keyword: key, span: ts.span(start) };
  }
  if (ts.isOp("*")) {
    ts.next();
    if (ts.peek().kind === "int") {
      const l = ts.next();
      return { kind: "altret", label: String(Number(l.value)), span: ts.span(start) };
    }
    return { kind: "expr", e: { k: "star", span: ts.span(start) }, span: ts.span(start) };
  }
  let lo: FExpr | null = null;
  if (!ts.isOp(":")) lo = parseExpr(ts);
  if (!ts.isOp(":")) return { kind: "expr", e: lo!, span: ts.span(start) };
  ts.next();
  let hi: FExpr | null = null;
  let stride: FExpr | null = null;
  if (!ts.isOp(",") && !ts.isOp(")") && !ts.isOp(":")) hi = parseExpr(ts);
  if (ts.acceptOp(":")) stride = parseExpr(ts);
  return { kind: "range", lo, hi, stride, span: ts.span(start) };
}

/** `(expr)`, a complex constant `(re, im)`, or an implied DO `(items, i = lo, hi[, step])`. */
function parseParenthesized(ts: TokenStream): FExpr {
  const open = ts.expectOp("(");
  const items: FExpr[] = [];
  for (;;) {
    if (ts.isIdent() && ts.isOp("=", 1) && items.length > 0) return finishImpliedDo(ts, open, items);
    items.push(parseExpr(ts));
    if (!ts.acceptOp(",")) break;
  }
  ts.expectOp(")", "to close the parenthesis");
  if (items.length === 1) return { k: "paren", x: items[0]!, span: ts.span(open) };
  if (items.length === 2) return { k: "complex", re: items[0]!, im: items[1]!, span: ts.span(open) };
  ts.fail("a parenthesized list is only valid as an implied DO", open);
}

function finishImpliedDo(ts: TokenStream, open: Token, items: FExpr[]): FExpr {
  const v = ts.expectIdent("the implied-DO variable");
  ts.expectOp("=");
  const lo = parseExpr(ts);
  ts.expectOp(",", "between the implied-DO bounds");
  const hi = parseExpr(ts);
  const step = ts.acceptOp(",") ? parseExpr(ts) : null;
  ts.expectOp(")", "to close the implied DO");
  return { k: "implied-do", items, var: v.value, varSpan: ts.span(v, v), lo, hi, step, span: ts.span(open) };
}

/** `(/ a, b, (c(i), i=1,n) /)` or `[ ... ]`. */
function parseConstructor(ts: TokenStream): FExpr {
  const open = ts.next();
  const close = open.value === "(/" ? "/)" : "]";
  const items: FExpr[] = [];
  if (!ts.isOp(close)) {
    for (;;) {
      items.push(parseExpr(ts));
      if (!ts.acceptOp(",")) break;
    }
  }
  ts.expectOp(close, "to close the array constructor");
  return { k: "ctor", items, span: ts.span(open) };
}

/** A comma-separated list of expressions (I/O lists, DATA objects) possibly with implied DOs. */
export function parseExprList(ts: TokenStream): FExpr[] {
  const out: FExpr[] = [];
  if (ts.atEnd()) return out;
  for (;;) {
    out.push(parseExpr(ts));
    if (!ts.acceptOp(",")) break;
  }
  return out;
}
