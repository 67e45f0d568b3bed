import type { FArg, FStmtBody, IoKind } from "./ast.js";
import { parseArgList, parseExpr, parseExprList } from "./expr-parser.js";
import type { TokenStream } from "./token-stream.js";

/**
 * I/O statements: `read (ctl) items`, `read fmt, items`, `write (ctl) items`,
 * `print fmt, items`, `open/close/inquire (ctl)`, `rewind u`, `rewind (ctl)`,
 * `backspace`, `endfile`, `flush`. The control list keeps keyword
 * arguments (`unit=`, `fmt=`, `err=`, `end=`, `iostat=`) as written; the
 * lowering decides which of them define variables or jump.
 */
export function parseIo(ts: TokenStream, op: IoKind): FStmtBody {
  let controls: FArg[] = [];
  if (op === "print" || ((op === "read" || op === "rewind" || op === "backspace" || op === "endfile" || op === "flush") && !ts.isOp("("))) {
    // Short forms: `print fmt, items`, `read fmt, items`, `rewind u`.
    if (ts.atEnd()) ts.fail(`expected a format or unit after ${op.toUpperCase()}`);
    const start = ts.peek();
    if (ts.isOp("*")) {
      ts.next();
      controls.push({ kind: "expr", e: { k: "star", span: ts.span(start) }, span: ts.span(start) });
    } else {
      const e = parseExpr(ts);
      controls.push({ kind: "expr", e, span: e.span });
    }
    if (op === "print" || op === "read") {
      if (ts.acceptOp(",")) {
        const items = parseExprList(ts);
        ts.expectEnd();
        return { k: "io", op, controls, items };
      }
    }
    ts.expectEnd();
    return { k: "io", op, controls, items: [] };
  }
  if (!ts.isOp("(")) ts.fail(`expected '(' after ${op.toUpperCase()}`);
  controls = parseArgList(ts).items;
  // `write (6, 10) , x` is an old extension: tolerate a comma before the items.
  ts.acceptOp(",");
  const items = parseExprList(ts);
  ts.expectEnd();
  return { k: "io", op, controls, items };
}
