import type { Expr } from "../../ir/expr.js";
import type { Stmt, SwitchStmt } from "../../ir/stmt.js";
import { CScope, markUnanalyzable, report, spanOf, textOf, type FnContext } from "./c-context.js";
import { field, firstNamed, namedChildren, operatorOf, type CNode } from "./c-syntax.js";
import { hirType, isPointerLike } from "./c-types.js";
import { libcFunction } from "./libc.js";
import { lowerLocalDeclaration } from "./lower-c-decl.js";
import { compoundBinaryOp, lowerExpr, lowerTyped } from "./lower-c-expr.js";
import { lowerDoWhile, lowerFor, lowerWhile } from "./lower-c-loop.js";

/** Lowers a list of block items (statements and declarations) into `out`. */
export function lowerItems(f: FnContext, items: CNode[], out: Stmt[]): void {
  for (const n of items) lowerStatement(f, n, out);
}

/** A statement used as a body (of a loop, an if): its statements, with a new scope for a compound. */
export function lowerBody(f: FnContext, n: CNode | undefined): Stmt[] {
  const out: Stmt[] = [];
  if (n) lowerStatement(f, n, out);
  return out;
}

export function lowerStatement(f: FnContext, n: CNode, out: Stmt[]): void {
  const c = f.c;
  const span = spanOf(c, n);
  switch (n.type) {
    case "compound_statement": {
      const saved = f.scope;
      f.scope = new CScope(saved);
      const body: Stmt[] = [];
      const items = namedChildren(n);
      lowerItems(f, items, body);
      f.scope = saved;
      // A block that declares locals stays a block (its variables are fresh on each entry); others are flattened.
      if (items.some((x) => x.type === "declaration")) out.push({ kind: "block", body, span });
      else out.push(...body);
      return;
    }
    case "declaration":
      lowerLocalDeclaration(f, n, out);
      return;
    case "type_definition":
    case "struct_specifier":
    case "union_specifier":
    case "enum_specifier":
      lowerLocalDeclaration(f, n, out);
      return;
    case "expression_statement": {
      const e = firstNamed(n);
      if (!e) out.push({ kind: "nop", span });
      else lowerExpressionStatement(f, e, out);
      return;
    }
    case "if_statement": {
      const cond = lowerExpr(f, field(n, "condition")!);
      const then = lowerBody(f, field(n, "consequence"));
      const alt = field(n, "alternative");
      const els = alt ? lowerBody(f, alt.type === "else_clause" ? firstNamed(alt) : alt) : [];
      out.push({ kind: "if", cond, then, else: els, span: spanOf(c, { ...n, end: field(n, "condition")?.end ?? n.end }) });
      return;
    }
    case "switch_statement":
      out.push(lowerSwitch(f, n));
      return;
    case "case_statement":
      report(c, "c.case-outside-switch", "error", "case label not within a switch statement", n);
      return;
    case "while_statement":
      out.push(lowerWhile(f, n));
      return;
    case "do_statement":
      out.push(lowerDoWhile(f, n));
      return;
    case "for_statement":
      out.push(...lowerFor(f, n));
      return;
    case "break_statement": {
      const b = f.breakables[f.breakables.length - 1];
      if (!b) report(c, "c.break-outside", "error", "break statement not within a loop or switch", n);
      else out.push({ kind: "exit", loopId: b.kind === "loop" ? b.loop.id : null, span });
      return;
    }
    case "continue_statement": {
      const loop = [...f.breakables].reverse().find((b) => b.kind === "loop");
      if (!loop || loop.kind !== "loop") report(c, "c.continue-outside", "error", "continue statement not within a loop", n);
      else out.push({ kind: "cycle", loopId: loop.loop.id, span });
      return;
    }
    case "return_statement": {
      const v = firstNamed(n);
      out.push({ kind: "return", value: v ? lowerExpr(f, v) : null, span });
      return;
    }
    case "goto_statement": {
      const target = textOf(c, field(n, "label")!);
      f.gotos.push({ target, span });
      out.push({ kind: "goto", target, span });
      return;
    }
    case "labeled_statement": {
      const label = textOf(c, field(n, "label")!);
      const inner = namedChildren(n).filter((x) => x.field !== "label");
      const list: Stmt[] = [];
      for (const s of inner) lowerStatement(f, s, list);
      if (list.length === 0 || list[0]!.label !== undefined) list.unshift({ kind: "nop", span });
      list[0]!.label = label;
      out.push(...list);
      return;
    }
    case "attributed_statement": {
      for (const s of namedChildren(n)) if (s.type !== "attribute_declaration") lowerStatement(f, s, out);
      return;
    }
    case "ERROR":
      // Reported once for the file (c-errors.ts); what follows is still lowered.
      markUnanalyzable(f, "syntax error", span);
      return;
    default:
      markUnanalyzable(f, `unsupported construct '${n.type}'`, span);
      out.push({ kind: "opaque", text: textOf(c, n).slice(0, 80), reason: `doall does not model '${n.type}'`, span });
  }
}

function lowerSwitch(f: FnContext, n: CNode): SwitchStmt {
  const c = f.c;
  const selector = lowerExpr(f, field(n, "condition")!);
  const st: SwitchStmt = { kind: "switch", selector, cases: [], fallthrough: true, span: spanOf(c, { ...n, end: field(n, "condition")?.end ?? n.end }) };
  const body = field(n, "body");
  const saved = f.scope;
  f.scope = new CScope(saved);
  f.breakables.push({ kind: "switch" });
  for (const item of body ? namedChildren(body) : []) {
    if (item.type === "case_statement") {
      const v = field(item, "value");
      const cs: SwitchStmt["cases"][number] = { values: v ? [lowerExpr(f, v)] : null, body: [], span: spanOf(c, item) };
      st.cases.push(cs);
      lowerItems(f, namedChildren(item).filter((x) => x.field !== "value"), cs.body);
    } else {
      // Statements before the first case label are never reached by the switch (but may be by goto).
      const cs = st.cases[st.cases.length - 1];
      if (cs) lowerStatement(f, item, cs.body);
      else {
        const dead: Stmt[] = [];
        lowerStatement(f, item, dead);
        if (dead.length) st.cases.push({ values: [], body: dead, span: spanOf(c, item) });
      }
    }
  }
  f.breakables.pop();
  f.scope = saved;
  return st;
}

/** Whether evaluating `e` twice could differ from evaluating it once (it calls or assigns). */
function hasSideEffects(e: Expr): boolean {
  let found = false;
  const visit = (x: Expr): void => {
    if (found) return;
    if (x.kind === "assign-expr" || (x.kind === "call" && !x.pure)) {
      found = true;
      return;
    }
    for (const k of childExprsOf(x)) visit(k);
  };
  visit(e);
  return found;
}

function childExprsOf(e: Expr): Expr[] {
  switch (e.kind) {
    case "elem":
      return e.subs;
    case "call":
      return e.args;
    case "unary":
    case "addr":
    case "deref":
    case "cast":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "cond":
      return [e.cond, e.then, e.else];
    case "member":
      return [e.base];
    case "assign-expr":
      return e.value ? [e.target, e.value] : [e.target];
    case "array-ctor":
      return e.items;
    default:
      return [];
  }
}

/**
 * An expression evaluated for its effect. Assignments become `assign`
 * statements (`x += y` is `x = x + y`, `i++` is `i = i + 1`) when the
 * target can be evaluated twice without changing the meaning; calls become
 * calls, I/O, `stop` or `deallocate` by what the C library function does.
 */
export function lowerExpressionStatement(f: FnContext, e: CNode, out: Stmt[]): void {
  const c = f.c;
  const span = spanOf(c, e);
  switch (e.type) {
    case "parenthesized_expression": {
      const inner = firstNamed(e);
      if (inner) return lowerExpressionStatement(f, inner, out);
      break;
    }
    case "comma_expression":
      lowerExpressionStatement(f, field(e, "left")!, out);
      lowerExpressionStatement(f, field(e, "right")!, out);
      return;
    case "assignment_expression": {
      const op = operatorOf(e);
      const ln = field(e, "left")!;
      const rn = field(e, "right")!;
      if (op === "=") {
        // `a = b = c`: b = c first, then a = b.
        if (rn.type === "assignment_expression" && operatorOf(rn) === "=") {
          lowerExpressionStatement(f, rn, out);
          out.push({ kind: "assign", lhs: lowerExpr(f, ln), rhs: lowerExpr(f, field(rn, "left")!), span });
          return;
        }
        out.push({ kind: "assign", lhs: lowerExpr(f, ln), rhs: lowerExpr(f, rn), span });
        return;
      }
      const bop = compoundBinaryOp(op);
      const lhs = lowerTyped(f, ln);
      if (bop && !hasSideEffects(lhs.e)) {
        const rhs = lowerExpr(f, rn);
        const again = lowerExpr(f, ln);
        out.push({ kind: "assign", lhs: lhs.e, rhs: { kind: "binary", op: bop, left: again, right: rhs, span, type: lhs.e.type ?? hirType(lhs.t) }, span });
        return;
      }
      break;
    }
    case "update_expression": {
      const arg = field(e, "argument")!;
      const t = lowerTyped(f, arg);
      if (hasSideEffects(t.e)) break;
      const one: Expr = { kind: "int", value: 1, span, type: { base: "integer", bytes: 4 } };
      const rhs: Expr = { kind: "binary", op: operatorOf(e) === "++" ? "+" : "-", left: lowerExpr(f, arg), right: one, span, type: t.e.type ?? hirType(t.t) };
      out.push({ kind: "assign", lhs: t.e, rhs, span });
      return;
    }
    case "call_expression":
      if (lowerCallStatement(f, e, out)) return;
      break;
  }
  out.push({ kind: "expr", expr: lowerExpr(f, e), span });
}

function lowerCallStatement(f: FnContext, e: CNode, out: Stmt[]): boolean {
  const c = f.c;
  const span = spanOf(c, e);
  const call = lowerExpr(f, e);
  if (call.kind !== "call") return false;
  const lib = call.intrinsic && !call.sym ? libcFunction(call.name) : undefined;
  if (lib?.effect === "io") {
    const argNodes = namedChildren(field(e, "arguments")!);
    const defs: Expr[] = [];
    const uses: Expr[] = [];
    call.args.forEach((a, i) => {
      const d = lib.defArgs;
      const isDef = d && ("from" in d ? i >= d.from : d.at.includes(i));
      if (!isDef) return void uses.push(a);
      // `&x` defines x; a pointer or array argument defines what it points to.
      if (a.kind === "addr") defs.push(a.operand);
      else if (isPointerLike(lowerTyped(f, argNodes[i]!).t)) defs.push(a);
      else uses.push(a);
    });
    out.push({ kind: "io", op: "c-io", callee: call.name, controls: [], defs, uses, jumpLabels: [], span });
    return true;
  }
  if (lib?.effect === "exit") {
    out.push({ kind: "stop", code: call.args[0] ?? null, span });
    return true;
  }
  if (lib?.effect === "free") {
    out.push({ kind: "deallocate", objects: call.args, span });
    return true;
  }
  const st: Stmt = { kind: "call", name: call.name, args: call.args, span };
  if (call.sym) st.sym = call.sym;
  if (call.intrinsic) st.intrinsic = true;
  if (call.pure) st.pure = true;
  out.push(st);
  return true;
}
