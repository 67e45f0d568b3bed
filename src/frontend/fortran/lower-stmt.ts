import type { Expr } from "../../ir/expr.js";
import type { IoStmt, Stmt } from "../../ir/stmt.js";
import type { FArg, FExpr, FStmt } from "./ast.js";
import { intrinsicInfo } from "./intrinsics.js";
import { lowerAssignment } from "./array-assign.js";
import { lowerForall } from "./forall-construct.js";
import { lowerArg, lowerExpr, procedureSym } from "./lower-expr.js";
import { lowerWhereStatement } from "./where-construct.js";
import { markUnanalyzable, type UnitContext } from "./unit-context.js";

/**
 * Lowers a statement that opens no block: assignment, CALL, GOTO forms,
 * logical and arithmetic IF, I/O, RETURN, STOP, ALLOCATE. Returns null for
 * statements that have no HIR form (their effect is in the declarations).
 */
export function lowerSimpleStatement(s: FStmt, u: UnitContext, loops: LoopFinder): Stmt[] {
  const st = lower(s, u, loops);
  const list = st === null ? [] : Array.isArray(st) ? st : [st];
  if (list.length && s.label !== undefined) list[0]!.label = s.label;
  return list;
}

/**
 * Resolves EXIT/CYCLE [name] to the enclosing loop's id (undefined: not
 * inside such a loop). CYCLE of a multi-index DO CONCURRENT goes on with
 * its innermost index loop, EXIT leaves the whole construct.
 */
export type LoopFinder = (name: string | undefined, kind: "exit" | "cycle") => number | undefined;

function opaque(s: FStmt, u: UnitContext, what: string): Stmt {
  markUnanalyzable(u, `${what} is not supported`, s.span);
  return { kind: "opaque", text: s.ll.text.trim(), reason: `${what} is not supported`, span: s.span };
}

function lower(s: FStmt, u: UnitContext, loops: LoopFinder): Stmt | Stmt[] | null {
  const span = s.span;
  switch (s.k) {
    case "exit":
    case "cycle": {
      const id = loops(s.name, s.k);
      if (id === undefined) {
        u.ctx.diags.push({ id: "fortran.structure", severity: "error", message: `${s.k.toUpperCase()} ${s.name ? `'${s.name}' ` : ""}outside a DO loop${s.name ? " of that name" : ""}`, span });
        return null;
      }
      return { kind: s.k, loopId: id, span };
    }
    case "assign": {
      const lhs = lowerExpr(s.lhs, u);
      const rhs = lowerExpr(s.rhs, u);
      // Where some interface defines assignment, storing into a derived-type object may call its procedure.
      if (u.ctx.hidden?.assignment && lhs.type?.base === "derived") return { kind: "call", name: "assignment(=)", args: [lhs, rhs], span };
      return lowerAssignment(lhs, rhs, null, span, u) ?? { kind: "assign", lhs, rhs, span };
    }
    case "logical-if": {
      const then = lowerSimpleStatement(s.stmt, u, loops);
      return { kind: "if", cond: lowerExpr(s.cond, u), then, else: [], logical: true, span };
    }
    case "where":
      return s.stmt ? lowerWhereStatement(s, u) : null;
    case "forall":
      return s.stmt ? lowerForall([s], u) : null;
    case "arith-if":
      return { kind: "arith-if", expr: lowerExpr(s.expr, u), targets: s.labels, span };
    case "continue":
      return { kind: "nop", span };
    case "goto":
      return { kind: "goto", target: s.target, span };
    case "computed-goto":
      return { kind: "computed-goto", targets: s.labels, index: lowerExpr(s.expr, u), span };
    case "call":
      return lowerCall(s, u);
    case "return":
      return { kind: "return", value: s.expr ? lowerExpr(s.expr, u) : null, span };
    case "stop":
      return { kind: "stop", code: s.code ? lowerExpr(s.code, u) : null, span };
    case "pause":
      // PAUSE waits for the operator: as far as analysis goes, it is I/O.
      return { kind: "io", op: "read", controls: [], defs: [], uses: [], jumpLabels: [], span };
    case "io":
      return lowerIo(s, u);
    case "allocate": {
      const st: Stmt = { kind: s.op, objects: s.items.map((x) => lowerExpr(x, u)), span };
      if (s.stat) st.stat = lowerExpr(s.stat, u);
      return st;
    }
    case "pointer-assign":
      return opaque(s, u, "pointer assignment (=>)");
    case "nullify":
      return opaque(s, u, "NULLIFY");
    case "assigned-goto":
    case "assign-label":
      return opaque(s, u, "ASSIGN and assigned GO TO");
    case "elsewhere":
    case "end-where":
    case "end-forall":
      // Outside their construct (lower-body.ts gathers constructs): an error was reported there.
      return null;
    case "entry":
      return opaque(s, u, "ENTRY");
    case "unsupported":
      return opaque(s, u, s.what);
    case "error":
      if (!u.proc.unanalyzable) u.proc.unanalyzable = { reason: "it contains a syntax error", span };
      return { kind: "opaque", text: s.ll.text.trim(), reason: "syntax error", span };
    default:
      // Declarations that slipped into the executable part are harmless here.
      return null;
  }
}

function lowerCall(s: Extract<FStmt, { k: "call" }>, u: UnitContext): Stmt {
  const altReturns: string[] = [];
  const args: Expr[] = [];
  for (const a of s.args) {
    if (a.kind === "altret") altReturns.push(a.label);
    else args.push(lowerArg(a, u));
  }
  const info = intrinsicInfo(s.name);
  const known = u.scope.lookup(s.name);
  if (info?.subroutine && (!known || known.attrs.intrinsic)) {
    return { kind: "call", name: s.name, args, intrinsic: true, pure: info.pure, span: s.span };
  }
  const sym = procedureSym(u, s.name, s.nameSpan, false);
  const st: Stmt = { kind: "call", name: s.name, sym, args, span: s.span };
  if (altReturns.length) st.altReturns = altReturns;
  return st;
}

/** Control-list keywords whose variable the statement defines. */
const DEFINING_CONTROLS = new Set(["iostat", "size", "iomsg", "newunit"]);
/** Control-list keywords that name a label the statement may jump to. */
const JUMP_CONTROLS = new Set(["err", "end", "eor"]);
/** INQUIRE specifiers that are inputs; all others (IOLENGTH= too: found by fuzzing) are results it defines. */
const INQUIRE_INPUTS = new Set(["unit", "file"]);

function lowerIo(s: Extract<FStmt, { k: "io" }>, u: UnitContext): IoStmt {
  const io: IoStmt = { kind: "io", op: s.op, controls: [], defs: [], uses: [], jumpLabels: [], span: s.span };
  let position = 0;
  let internalUnit: Expr | null = null;
  for (const a of s.controls) {
    if (a.kind !== "expr") continue;
    const key = a.keyword ?? positionalKey(s.op, position++);
    if (a.e.k === "star") continue;
    if (JUMP_CONTROLS.has(key)) {
      const l = labelOf(a.e);
      if (l) io.jumpLabels.push(l);
      continue;
    }
    if (key === "fmt" && a.e.k === "int") continue; // a FORMAT label
    // A NAMELIST group (`nml=nl`, or `write(*, nl)`): the statement reads (READ: writes) every member.
    const group = (key === "nml" || key === "fmt") && a.e.k === "name" && a.e.args.length === 0 ? u.namelists?.get(a.e.name.toLowerCase()) : undefined;
    if (group) {
      const members = group.map((sym): Expr => ({ kind: "var", sym, span: a.span, type: sym.type }));
      if (s.op === "read") io.defs.push(...members);
      else io.uses.push(...members);
      continue;
    }
    const e = lowerArg(a, u);
    if (DEFINING_CONTROLS.has(key) || (s.op === "inquire" && !INQUIRE_INPUTS.has(key))) io.defs.push(e);
    else {
      io.controls.push(e);
      if (key === "unit" && isCharacterVariable(e)) internalUnit = e;
    }
  }
  const items = s.items.map((x) => lowerExpr(x, u));
  if (s.op === "read" || (s.op === "inquire" && s.controls.some((a: FArg) => a.kind === "expr" && a.keyword === "iolength"))) {
    if (s.op === "read") io.defs.push(...items);
    else io.uses.push(...items);
  } else io.uses.push(...items);
  // Internal WRITE defines its character unit; internal READ only reads it.
  if (internalUnit && s.op === "write") io.defs.push(internalUnit);
  return io;
}

function positionalKey(op: string, i: number): string {
  if (op === "print") return "fmt";
  if (op === "read" || op === "write") return i === 0 ? "unit" : i === 1 ? "fmt" : i === 2 ? "nml" : "?";
  return i === 0 ? "unit" : "?";
}

function labelOf(e: FExpr): string | null {
  return e.k === "int" ? String(e.value) : null;
}

function isCharacterVariable(e: Expr): boolean {
  return (e.kind === "var" || e.kind === "elem" || e.kind === "section") && e.sym.type.base === "character";
}
