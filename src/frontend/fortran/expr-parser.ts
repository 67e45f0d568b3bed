import type { FArg, FArgList, FExpr } from "./ast.js";
import type { Token } from "./lexer.js";
import type { TokenStream } from "./token-stream.js";

/**
 * Fortran expressions with the standard's precedence, lowest first:
 * defined binary operators, .eqv./.neqv., .or., .and., .not., relations,
 * //, binary + and - (with a leading unary sign applying to the whole
 * add-operand: `-a**2` is `-(a**2)`), * and /, ** (right associative).
 */
export function parseExpr(ts: TokenStream): FExpr {
  return parseDefined(ts);
}

function bin(ts: TokenStream, op: string, l: FExpr, r: FExpr): FExpr {
  return { k: "binary", op, l, r, span: joinSpan(l, r) };
}

function joinSpan(a: FExpr, b: FExpr) {
  return { ...a.span, endLine: b.span.endLine, endColumn: b.span.endColumn };
}

function parseDefined(ts: TokenStream): FExpr {
  let l = parseEquiv(ts);
  for (;;) {
    const t = ts.peek();
    if (t.kind === "op" && /^\.[a-z]+\.$/.test(t.value) && ![".and.", ".or.", ".not.", ".eqv.", ".neqv."].includes(t.value)) {
      ts.next();
      l = bin(ts, t.value, l, parseEquiv(ts));
    } else return l;
  }
}

function parseEquiv(ts: TokenStream): FExpr {
  let l = parseOr(ts);
  while (ts.isOp(".eqv.") || ts.isOp(".neqv.")) {
    const op = ts.next().value;
    l = bin(ts, op, l, parseOr(ts));
  }
  return l;
}

function parseOr(ts: TokenStream): FExpr {
  let l = parseAnd(ts);
  while (ts.acceptOp(".or.")) l = bin(ts, ".or.", l, parseAnd(ts));
  return l;
}

function parseAnd(ts: TokenStream): FExpr {
  let l = parseNot(ts);
  while (ts.acceptOp(".and.")) l = bin(ts, ".and.", l, parseNot(ts));
  return l;
}

function parseNot(ts: TokenStream): FExpr {
  const t = ts.peek();
  if (ts.acceptOp(".not.")) {
    const x = parseNot(ts);
    return { k: "unary", op: ".not.", x, span: { ...ts.span(t), endLine: x.span.endLine, endColumn: x.span.endColumn } };
  }
  return parseRel(ts);
}

const REL = new Set(["==", "/=", "<", "<=", ">", ">="]);

function parseRel(ts: TokenStream): FExpr {
  const l = parseConcat(ts);
  const t = ts.peek();
  if (t.kind === "op" && REL.has(t.value)) {
    ts.next();
    return bin(ts, t.value, l, parseConcat(ts));
  }
  return l;
}

function parseConcat(ts: TokenStream): FExpr {
  let l = parseAdd(ts);
  while (ts.acceptOp("//")) l = bin(ts, "//", l, parseAdd(ts));
  return l;
}

function parseAdd(ts: TokenStream): FExpr {
  let l: FExpr;
  const t = ts.peek();
  if (ts.isOp("-") || ts.isOp("+")) {
    ts.next();
    const x = parseMul(ts);
    l = { k: "unary", op: t.value as "-" | "+", x, span: { ...ts.span(t), endLine: x.span.endLine, endColumn: x.span.endColumn } };
  } else l = parseMul(ts);
  while (ts.isOp("+") || ts.isOp("-")) {
    const op = ts.next().value;
    l = bin(ts, op, l, parseMul(ts));
  }
  return l;
}

function parseMul(ts: TokenStream): FExpr {
  let l = parsePow(ts);
  while (ts.isOp("*") || ts.isOp("/")) {
    const op = ts.next().value;
    l = bin(ts, op, l, parsePow(ts));
  }
  return l;
}

function parsePow(ts: TokenStream): FExpr {
  const base = parseSignedPrimary(ts);
  if (ts.acceptOp("**")) return bin(ts, "**", base, parsePow(ts));
  return base;
}

/** A primary; a sign here (`a * -b`, `x**-2`) is a common extension compilers accept. */
function parseSignedPrimary(ts: TokenStream): FExpr {
  const t = ts.peek();
  if (ts.isOp("-") || ts.isOp("+")) {
    ts.next();
    const x = parsePow(ts);
    return { k: "unary", op: t.value as "-" | "+", x, span: { ...ts.span(t), endLine: x.span.endLine, endColumn: x.span.endColumn } };
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
    e.span = { ...e.span, endLine: list.span.endLine, endColumn: list.span.endColumn };
  }
  while (ts.isOp("%")) {
    ts.next();
    const c = ts.expectIdent("a component name");
    const comp: FExpr = { k: "component", base: e, name: c.value, args: [], span: { ...e.span, endLine: ts.span(c).endLine, endColumn: ts.span(c).endColumn } };
    while (ts.isOp("(")) {
      const list = parseArgList(ts);
      comp.args.push(list);
      comp.span = { ...comp.span, endLine: list.span.endLine, endColumn: list.span.endColumn };
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
