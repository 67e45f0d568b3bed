import type { FConcurrent, FConcurrentHeader, FConcurrentSpec, FExpr, FLocality } from "./ast.js";
import { acceptTypeKeyword, parseTypeSpecTail } from "./decl-parser.js";
import { parseExpr } from "./expr-parser.js";
import type { TokenStream } from "./token-stream.js";

/**
 * The header FORALL and DO CONCURRENT share (F2018 R1125):
 *
 *     ( [integer-type-spec ::] index = lo : hi [: step] {, index = ...} [, mask] )
 *
 * An item that starts `name =` (not `==`) is an index; the one item that
 * does not is the mask, and it must come last. The cursor is on the `(`.
 */
export function parseConcurrentHeader(ts: TokenStream): FConcurrentHeader {
  const open = ts.expectOp("(", "to open the index list");
  const header: FConcurrentHeader = { specs: [], span: ts.span(open, open) };
  // `integer ::` or `integer(kind=8) ::` before the first index.
  if (ts.isIdent() && !ts.isOp("=", 1)) {
    const at = ts.peek().start;
    const base = acceptTypeKeyword(ts);
    if (base) {
      if (base !== "integer") ts.fail("the type of FORALL and DO CONCURRENT indices must be INTEGER");
      header.type = parseTypeSpecTail(ts, base, at);
      ts.expectOp("::", "after the index type");
    }
  }
  for (;;) {
    if (ts.isIdent() && ts.isOp("=", 1)) header.specs.push(parseSpec(ts));
    else {
      if (header.specs.length === 0) ts.fail(`expected an index 'name = lo:hi'${ts.describeHere()}`);
      header.mask = parseExpr(ts);
      break;
    }
    if (!ts.acceptOp(",")) break;
  }
  const close = ts.expectOp(")", header.mask ? "after the mask" : "to close the index list");
  header.span = ts.span(open, close);
  return header;
}

function parseSpec(ts: TokenStream): FConcurrentSpec {
  const n = ts.next();
  ts.expectOp("=");
  const lo = parseExpr(ts);
  ts.expectOp(":", "between the index bounds");
  const hi = parseExpr(ts);
  const step: FExpr | null = ts.acceptOp(":") ? parseExpr(ts) : null;
  return { name: n.value, nameSpan: ts.span(n, n), lo, hi, step };
}

const REDUCE_OPS = new Set(["+", "*", ".and.", ".or.", ".eqv.", ".neqv.", "max", "min", "iand", "ior", "ieor"]);

/**
 * `do concurrent (header) locality...` after DO CONCURRENT: the locality
 * specs LOCAL, LOCAL_INIT, SHARED, DEFAULT(NONE) (F2018 R1130) and REDUCE
 * (F2023 R1130), each with a parenthesized name list.
 */
export function parseDoConcurrent(ts: TokenStream): FConcurrent {
  const header = parseConcurrentHeader(ts);
  const locality: FLocality[] = [];
  while (!ts.atEnd()) {
    const kw = ts.expectIdent("a locality spec (LOCAL, LOCAL_INIT, SHARED, DEFAULT, REDUCE)");
    ts.expectOp("(", `after ${kw.value.toUpperCase()}`);
    switch (kw.value) {
      case "local":
      case "local_init":
      case "shared":
        locality.push({ kind: kw.value, names: nameList(ts) });
        break;
      case "default":
        if (!ts.isIdent("none")) ts.fail("expected NONE in DEFAULT (...)");
        ts.next();
        locality.push({ kind: "default-none" });
        break;
      case "reduce": {
        const t = ts.next();
        const op = t.value.toLowerCase();
        if (!REDUCE_OPS.has(op)) ts.fail(`'${ts.text(t)}' is not a REDUCE operator`, t);
        ts.expectOp(":", "after the REDUCE operator");
        locality.push({ kind: "reduce", op, names: nameList(ts) });
        break;
      }
      default:
        ts.fail(`'${ts.text(kw)}' is not a locality spec`, kw);
    }
    ts.expectOp(")");
  }
  return { ...header, locality };
}

function nameList(ts: TokenStream): string[] {
  const out: string[] = [];
  for (;;) {
    out.push(ts.expectIdent("a variable name").value);
    if (!ts.acceptOp(",")) return out;
  }
}
