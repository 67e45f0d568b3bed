import type { FAttr, FAttrName, FBaseType, FDataValue, FDimSpec, FEntity, FExpr, FStmtBody, FTypeSpec } from "./ast.js";
import { parseDesignator, parseExpr, parseExprList, parsePrimary } from "./expr-parser.js";
import type { TokenStream } from "./token-stream.js";

/** The type keywords a type statement (or a function prefix) can start with. */
export const TYPE_PHRASES: [FBaseType, string[]][] = [
  ["double precision", ["double", "precision"]],
  ["double complex", ["double", "complex"]],
  ["integer", ["integer"]],
  ["real", ["real"]],
  ["complex", ["complex"]],
  ["logical", ["logical"]],
  ["character", ["character"]],
  ["byte", ["byte"]],
];

/** Accepts a type keyword, if one is next. `type(` and `class(` need the paren to disambiguate. */
export function acceptTypeKeyword(ts: TokenStream): FBaseType | null {
  for (const [base, words] of TYPE_PHRASES) if (ts.acceptPhrase(...words)) return base;
  if ((ts.isIdent("type") || ts.isIdent("class")) && ts.isOp("(", 1)) return ts.next().value as "type" | "class";
  return null;
}

/** The rest of a type spec after its keyword: `*8`, `(8)`, `(kind=dp)`, `(len=*)`, `(t)`. */
export function parseTypeSpecTail(ts: TokenStream, base: FBaseType, start: number): FTypeSpec {
  const spec: FTypeSpec = { base, span: ts.spanFrom(start) };
  if (base === "type" || base === "class") {
    ts.expectOp("(");
    spec.typeName = ts.expectIdent("a type name").value;
    ts.expectOp(")");
  } else if (ts.isOp("*")) {
    ts.next();
    if (base === "character") spec.len = parseCharLenAfterStar(ts);
    else {
      const t = ts.peek();
      if (t.kind !== "int") ts.fail("expected a byte size after '*'");
      ts.next();
      spec.bytes = Number(t.value);
    }
  } else if (ts.isOp("(")) {
    ts.next();
    // character(len=..., kind=...), character(10), real(8), real(kind=8)
    let first = true;
    while (!ts.isOp(")")) {
      if (!first) ts.expectOp(",");
      first = false;
      let key: string | null = null;
      if (ts.isIdent() && ts.isOp("=", 1)) {
        key = ts.next().value;
        ts.next();
      }
      const isLen = base === "character" && (key === "len" || (key === null && spec.len === undefined));
      if (isLen) {
        if (ts.isOp("*")) {
          ts.next();
          spec.len = "*";
        } else if (ts.isOp(":")) {
          ts.next();
          spec.len = ":";
        } else spec.len = parseExpr(ts);
      } else spec.kind = parseExpr(ts);
    }
    ts.expectOp(")");
  }
  spec.span = ts.spanFrom(start);
  return spec;
}

/** `*8`, `*(*)`, `*(n+1)` after a CHARACTER keyword or entity name. */
function parseCharLenAfterStar(ts: TokenStream): FExpr | "*" | ":" {
  if (ts.isOp("(")) {
    ts.next();
    let len: FExpr | "*" | ":";
    if (ts.acceptOp("*")) len = "*";
    else if (ts.acceptOp(":")) len = ":";
    else len = parseExpr(ts);
    ts.expectOp(")");
    return len;
  }
  return parsePrimary(ts);
}

/** `(10)`, `(0:n, *)`, `(:, :)`, `(lo:)`. */
export function parseDimSpecs(ts: TokenStream): FDimSpec[] {
  ts.expectOp("(");
  const dims: FDimSpec[] = [];
  for (;;) {
    const start = ts.peek().start;
    let lo: FExpr | null = null;
    let hi: FExpr | "*" | null = null;
    if (ts.isOp("*")) {
      ts.next();
      hi = "*";
    } else if (ts.isOp(":")) {
      ts.next();
    } else {
      const first = parseExpr(ts);
      if (ts.acceptOp(":")) {
        lo = first;
        if (ts.acceptOp("*")) hi = "*";
        else if (!ts.isOp(",") && !ts.isOp(")")) hi = parseExpr(ts);
      } else hi = first;
    }
    dims.push({ lo, hi, span: ts.spanFrom(start) });
    if (!ts.acceptOp(",")) break;
  }
  ts.expectOp(")", "to close the dimension list");
  return dims;
}

/** One declared entity: `a`, `a(10)`, `s*8`, `n = 5`, `x /1.0/`. */
function parseEntity(ts: TokenStream, allowInit: boolean): FEntity {
  const t = ts.expectIdent("a variable name");
  const ent: FEntity = { name: t.value, span: ts.span(t, t) };
  if (ts.isOp("(")) ent.dims = parseDimSpecs(ts);
  if (ts.isOp("*")) {
    ts.next();
    ent.charLen = parseCharLenAfterStar(ts);
  }
  if (ent.dims === undefined && ts.isOp("(")) ent.dims = parseDimSpecs(ts);
  if (allowInit && (ts.isOp("=") || ts.isOp("=>"))) {
    ts.next();
    ent.init = parseExpr(ts);
  } else if (allowInit && ts.isOp("/")) {
    ent.dataInit = parseDataValues(ts);
  }
  return ent;
}

export function parseEntityList(ts: TokenStream, allowInit: boolean): FEntity[] {
  const out: FEntity[] = [];
  for (;;) {
    out.push(parseEntity(ts, allowInit));
    if (!ts.acceptOp(",")) break;
  }
  return out;
}

const ATTRS: FAttrName[] = [
  "parameter",
  "dimension",
  "allocatable",
  "intent",
  "save",
  "external",
  "intrinsic",
  "pointer",
  "target",
  "optional",
  "public",
  "private",
  "value",
  "volatile",
  "protected",
  "contiguous",
  "asynchronous",
  "bind",
];

/** After the type spec: `[, attr]... ::` entities, or the F77 form `entities`. */
export function parseTypeDeclRest(ts: TokenStream, type: FTypeSpec): FStmtBody {
  const attrs: FAttr[] = [];
  while (ts.acceptOp(",")) {
    const a = ts.expectIdent("an attribute");
    const name = a.value as FAttrName;
    if (!ATTRS.includes(name)) ts.fail(`unknown attribute '${ts.text(a)}'`, a);
    const attr: FAttr = { name, span: ts.span(a, a) };
    if (name === "dimension") attr.dims = parseDimSpecs(ts);
    else if (name === "intent") attr.intent = parseIntentSpec(ts);
    else if (name === "bind") skipParens(ts);
    attrs.push(attr);
  }
  const hasColons = ts.acceptOp("::");
  const entities = parseEntityList(ts, true);
  if (!hasColons && entities.some((e) => e.init)) {
    // F77 has no `integer n = 5`; compilers reject it. Be as strict: it is almost always a typo.
    ts.fail("an initialization in a type statement needs '::'");
  }
  ts.expectEnd();
  return { k: "type-decl", type, attrs, entities };
}

export function parseIntentSpec(ts: TokenStream): "in" | "out" | "inout" {
  ts.expectOp("(");
  let intent: "in" | "out" | "inout";
  if (ts.acceptPhrase("in", "out")) intent = "inout";
  else if (ts.acceptPhrase("in")) intent = "in";
  else if (ts.acceptPhrase("out")) intent = "out";
  else ts.fail("expected in, out or inout");
  ts.expectOp(")");
  return intent;
}

function skipParens(ts: TokenStream): void {
  const close = ts.matchParen(ts.pos);
  if (close < 0) ts.fail("unbalanced parentheses");
  ts.pos = close + 1;
}

/** `implicit real*8 (a-h, o-z), integer (i-n)`. */
export function parseImplicit(ts: TokenStream): FStmtBody {
  if (ts.acceptPhrase("none")) {
    if (ts.isOp("(")) skipParens(ts);
    ts.expectEnd();
    return { k: "implicit-none" };
  }
  const rules: { type: FTypeSpec; ranges: [string, string][] }[] = [];
  for (;;) {
    const start = ts.peek().start;
    const base = acceptTypeKeyword(ts);
    if (!base) ts.fail(`expected a type in IMPLICIT${ts.describeHere()}`);
    // `implicit real (a-h)` vs `implicit character (len=8) (a)`: the letter list is the last paren group.
    let type: FTypeSpec;
    if (ts.isOp("(") && ts.matchParen(ts.pos) >= 0 && ts.isOp("(", ts.matchParen(ts.pos) - ts.pos + 1)) {
      type = parseTypeSpecTail(ts, base, start);
    } else if (ts.isOp("*")) type = parseTypeSpecTail(ts, base, start);
    else type = { base, span: ts.spanFrom(start) };
    ts.expectOp("(");
    const ranges: [string, string][] = [];
    for (;;) {
      const a = ts.expectIdent("a letter");
      let to = a.value;
      if (ts.acceptOp("-")) to = ts.expectIdent("a letter").value;
      if (a.value.length !== 1 || to.length !== 1) ts.fail("IMPLICIT letter ranges are single letters", a);
      ranges.push([a.value, to]);
      if (!ts.acceptOp(",")) break;
    }
    ts.expectOp(")");
    rules.push({ type, ranges });
    if (!ts.acceptOp(",")) break;
  }
  ts.expectEnd();
  return { k: "implicit", rules };
}

/** `parameter (n = 10, pi = 3.14159)`. */
export function parseParameter(ts: TokenStream): FStmtBody {
  ts.expectOp("(");
  const items: { name: string; value: FExpr; span: import("../../source/span.js").Span }[] = [];
  for (;;) {
    const n = ts.expectIdent("a constant name");
    ts.expectOp("=");
    const value = parseExpr(ts);
    items.push({ name: n.value, value, span: ts.span(n) });
    if (!ts.acceptOp(",")) break;
  }
  ts.expectOp(")");
  ts.expectEnd();
  return { k: "parameter", items };
}

/** `common /blk/ a, b(10) /other/ c` and blank common `common a, b`. */
export function parseCommon(ts: TokenStream): FStmtBody {
  const blocks: { name: string; entities: FEntity[]; span: import("../../source/span.js").Span }[] = [];
  let name = "";
  let start = ts.peek();
  if (ts.isOp("//")) {
    ts.next();
  } else if (ts.isOp("/")) {
    ts.next();
    name = ts.expectIdent("a common block name").value;
    ts.expectOp("/");
  }
  for (;;) {
    const entities: FEntity[] = [];
    while (!ts.atEnd() && !ts.isOp("/") && !ts.isOp("//")) {
      entities.push(parseEntity(ts, false));
      if (!ts.acceptOp(",")) break;
    }
    blocks.push({ name, entities, span: ts.span(start) });
    if (ts.atEnd()) break;
    start = ts.peek();
    if (ts.acceptOp("//")) name = "";
    else {
      ts.expectOp("/");
      name = ts.expectIdent("a common block name").value;
      ts.expectOp("/");
    }
  }
  return { k: "common", blocks };
}

/** The `/v1, 3*v2/` part of DATA (also used by F77 type-statement initializers). */
export function parseDataValues(ts: TokenStream): FDataValue[] {
  ts.expectOp("/");
  const values: FDataValue[] = [];
  for (;;) {
    let sign: "-" | "+" | null = null;
    if (ts.isOp("-") || ts.isOp("+")) sign = ts.next().value as "-" | "+";
    let v = parsePrimary(ts);
    let repeat: FExpr | null = null;
    if (!sign && ts.isOp("*")) {
      ts.next();
      repeat = v;
      if (ts.isOp("-") || ts.isOp("+")) sign = ts.next().value as "-" | "+";
      v = parsePrimary(ts);
    }
    if (sign) v = { k: "unary", op: sign, x: v, span: v.span };
    values.push({ repeat, value: v });
    if (!ts.acceptOp(",")) break;
  }
  ts.expectOp("/", "to close the DATA values");
  return values;
}

/** `data a, b /1, 2/, (c(i), i=1,3) /3*0/`. */
export function parseData(ts: TokenStream): FStmtBody {
  const sets: { objects: FExpr[]; values: FDataValue[] }[] = [];
  while (!ts.atEnd()) {
    const objects: FExpr[] = [];
    for (;;) {
      objects.push(ts.isOp("(") ? parsePrimary(ts) : parseDesignator(ts));
      if (!ts.acceptOp(",")) break;
    }
    sets.push({ objects, values: parseDataValues(ts) });
    ts.acceptOp(",");
  }
  return { k: "data", sets };
}

/** `save`, `save a, /blk/`. */
export function parseSave(ts: TokenStream): FStmtBody {
  ts.acceptOp("::");
  const names: string[] = [];
  if (ts.atEnd()) return { k: "save", names, all: true };
  for (;;) {
    if (ts.acceptOp("/")) {
      names.push("/" + ts.expectIdent("a common block name").value + "/");
      ts.expectOp("/");
    } else names.push(ts.expectIdent().value);
    if (!ts.acceptOp(",")) break;
  }
  ts.expectEnd();
  return { k: "save", names, all: false };
}

/** `equivalence (a, b(1)), (c, d)`. */
export function parseEquivalence(ts: TokenStream): FStmtBody {
  const groups: FExpr[][] = [];
  for (;;) {
    ts.expectOp("(");
    groups.push(parseExprList(ts));
    ts.expectOp(")");
    if (!ts.acceptOp(",")) break;
  }
  ts.expectEnd();
  return { k: "equivalence", groups };
}

/** A plain name list: EXTERNAL, INTRINSIC, PUBLIC, PRIVATE, module procedure. */
export function parseNames(ts: TokenStream): string[] {
  ts.acceptOp("::");
  const names: string[] = [];
  if (ts.atEnd()) return names;
  for (;;) {
    names.push(ts.expectIdent().value);
    if (!ts.acceptOp(",")) break;
  }
  ts.expectEnd();
  return names;
}

/** DIMENSION, ALLOCATABLE, POINTER, TARGET, INTENT, OPTIONAL, VALUE, VOLATILE statements. */
export function parseAttrStatement(ts: TokenStream, attr: FAttrName): FStmtBody {
  let intent: "in" | "out" | "inout" | undefined;
  if (attr === "intent") intent = parseIntentSpec(ts);
  ts.acceptOp("::");
  const entities = parseEntityList(ts, false);
  ts.expectEnd();
  const s: FStmtBody = { k: "attr-stmt", attr, entities };
  if (intent) s.intent = intent;
  return s;
}
