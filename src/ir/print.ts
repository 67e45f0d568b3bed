import type { Expr, Triplet } from "./expr.js";
import type { Procedure, Program } from "./program.js";
import type { ConcurrentSpec, Stmt } from "./stmt.js";
import type { Sym } from "./symbol.js";
import { typeToString } from "./types.js";

/**
 * A readable dump of the HIR in one neutral notation (array elements as
 * `a(i, j)` in declared dimension order, whatever the source language).
 * Golden tests of the front ends compare against it, so it is stable:
 * symbols sorted by name, one statement per line, source lines at the right.
 */
export function printProgram(p: Program): string {
  return p.procedures.map(printProcedure).join("\n");
}

export function printProcedure(p: Procedure): string {
  const out: string[] = [];
  const params = p.params.map((s) => s.name).join(", ");
  out.push(`${p.kind} ${p.name}(${params})${p.host ? ` in ${p.host}` : ""}  ! line ${p.span.line}`);
  if (p.unanalyzable) out.push(`  ! unanalyzable: ${p.unanalyzable.reason} (line ${p.unanalyzable.span.line})`);
  if (p.uses.length) out.push(`  use ${p.uses.join(", ")}`);
  const names = [...p.symbols.keys()].sort();
  for (const n of names) {
    const s = p.symbols.get(n)!;
    out.push(`  ${n === s.name ? "" : `${n} => `}${printSym(s)}`);
  }
  for (const [n, sf] of [...p.statementFunctions].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    out.push(`  stmtfn ${n}(${sf.params.map((x) => x.name).join(", ")}) = ${printExpr(sf.body)}`);
  printStmts(p.body, "  ", out);
  out.push(`end ${p.kind} ${p.name}  ! line ${p.endSpan.line}`);
  return out.join("\n") + "\n";
}

export function printSym(s: Sym): string {
  let t = `${s.name}: ${typeToString(s.type)}`;
  if (s.dims.length) t += ` (${s.dims.map((d) => `${printExpr(d.lower)}:${d.upper ? printExpr(d.upper) : "*"}`).join(", ")})`;
  t += ` ${s.storage}`;
  if (s.common !== undefined) t += ` /${s.common}/#${s.commonIndex}`;
  if (s.equivalence !== undefined) t += ` equiv#${s.equivalence}`;
  if (s.value) t += ` = ${printExpr(s.value)}`;
  const attrs = Object.entries(s.attrs)
    .filter(([k, v]) => v && k !== "explicitType")
    .map(([k, v]) => (v === true ? k : `${k}(${v})`));
  if (attrs.length) t += ` [${attrs.join(", ")}]`;
  return t;
}

function printStmts(list: readonly Stmt[], ind: string, out: string[]): void {
  for (const s of list) printStmt(s, ind, out);
}

function line(s: Stmt, text: string): string {
  return `${s.label !== undefined ? `${s.label}: ` : ""}${text}`;
}

function printStmt(s: Stmt, ind: string, out: string[]): void {
  const at = `  ! ${s.span.line}`;
  switch (s.kind) {
    case "assign":
      out.push(`${ind}${line(s, `${printExpr(s.lhs)} = ${printExpr(s.rhs)}`)}${at}`);
      return;
    case "loop": {
      let head: string;
      if (s.form === "do") head = `do#${s.id} ${s.index!.name} = ${printExpr(s.lower!)}, ${printExpr(s.upper!)}${s.step ? `, ${printExpr(s.step)}` : ""}`;
      else if (s.form === "while") head = `do#${s.id} while (${printExpr(s.cond!)})`;
      else if (s.form === "do-until") head = `do#${s.id} until-not (${printExpr(s.cond!)})`;
      else head = `do#${s.id} forever`;
      if (!s.candidate) head += `  [not a candidate: ${s.notCandidate}]`;
      if (s.implied) head += `  [implied: ${s.implied}]`;
      if (s.concurrent) head += `  [concurrent${concurrentText(s.concurrent)}]`;
      if (s.existingDirective) head += `  [omp: ${s.existingDirective}]`;
      if (s.init) printStmts(s.init, ind, out);
      out.push(`${ind}${line(s, head)}${at}`);
      printStmts(s.body, ind + "  ", out);
      if (s.update) {
        out.push(`${ind}  ! update`);
        printStmts(s.update, ind + "  ", out);
      }
      out.push(`${ind}end do#${s.id}  ! ${s.endSpan.line}`);
      return;
    }
    case "if":
      out.push(`${ind}${line(s, `if (${printExpr(s.cond)})`)}${at}`);
      printStmts(s.then, ind + "  ", out);
      if (s.else.length) {
        out.push(`${ind}else`);
        printStmts(s.else, ind + "  ", out);
      }
      out.push(`${ind}end if`);
      return;
    case "switch":
      out.push(`${ind}${line(s, `switch (${printExpr(s.selector)})`)}${at}`);
      for (const c of s.cases) {
        const vals = [...(c.values ?? []).map(printExpr), ...(c.ranges ?? []).map(([a, b]) => `${a ? printExpr(a) : ""}:${b ? printExpr(b) : ""}`)];
        out.push(`${ind}case ${c.values === null ? "default" : vals.join(", ")}`);
        printStmts(c.body, ind + "  ", out);
      }
      out.push(`${ind}end switch`);
      return;
    case "call":
      out.push(`${ind}${line(s, `call ${s.name}(${s.args.map(printExpr).join(", ")})${s.altReturns ? ` alt(${s.altReturns.join(", ")})` : ""}${s.intrinsic ? " [intrinsic]" : ""}`)}${at}`);
      return;
    case "io":
      out.push(
        `${ind}${line(s, `${s.op}${s.controls.length ? ` (${s.controls.map(printExpr).join(", ")})` : ""}${s.defs.length ? ` defs ${s.defs.map(printExpr).join(", ")}` : ""}${s.uses.length ? ` uses ${s.uses.map(printExpr).join(", ")}` : ""}${s.jumpLabels.length ? ` jumps ${s.jumpLabels.join(", ")}` : ""}`)}${at}`,
      );
      return;
    case "goto":
      out.push(`${ind}${line(s, `goto ${s.target}`)}${at}`);
      return;
    case "computed-goto":
      out.push(`${ind}${line(s, `goto (${s.targets.join(", ")}) ${printExpr(s.index)}`)}${at}`);
      return;
    case "arith-if":
      out.push(`${ind}${line(s, `if (${printExpr(s.expr)}) ${s.targets.join(", ")}`)}${at}`);
      return;
    case "return":
      out.push(`${ind}${line(s, `return${s.value ? " " + printExpr(s.value) : ""}`)}${at}`);
      return;
    case "stop":
      out.push(`${ind}${line(s, `stop${s.code ? " " + printExpr(s.code) : ""}`)}${at}`);
      return;
    case "exit":
    case "cycle":
      out.push(`${ind}${line(s, `${s.kind}${s.loopId !== null ? ` do#${s.loopId}` : ""}`)}${at}`);
      return;
    case "allocate":
    case "deallocate":
      out.push(`${ind}${line(s, `${s.kind}(${s.objects.map(printExpr).join(", ")}${s.stat ? `, stat=${printExpr(s.stat)}` : ""})`)}${at}`);
      return;
    case "expr":
      out.push(`${ind}${line(s, printExpr(s.expr))}${at}`);
      return;
    case "block":
      out.push(`${ind}${line(s, "block")}${at}`);
      printStmts(s.body, ind + "  ", out);
      out.push(`${ind}end block`);
      return;
    case "nop":
      out.push(`${ind}${line(s, "continue")}${at}`);
      return;
    case "opaque":
      out.push(`${ind}${line(s, `opaque "${s.text}" (${s.reason})`)}${at}`);
      return;
  }
}

function concurrentText(c: ConcurrentSpec): string {
  const parts: string[] = [];
  if (c.indices > 1) parts.push(`${c.indices} indices`);
  if (c.masked) parts.push("mask");
  for (const [k, v] of [["local", c.local], ["local_init", c.localInit], ["shared", c.shared]] as const) if (v.length) parts.push(`${k}(${v.join(", ")})`);
  for (const r of c.reduce) parts.push(`reduce(${r.op}: ${r.vars.join(", ")})`);
  if (c.defaultNone) parts.push("default(none)");
  return parts.length ? `: ${parts.join(" ")}` : "";
}

export function printExpr(e: Expr | Triplet): string {
  switch (e.kind) {
    case "int":
      return String(e.value);
    case "real":
      return e.text;
    case "logical":
      return e.value ? ".true." : ".false.";
    case "string":
      return JSON.stringify(e.value);
    case "var":
      return e.sym.name;
    case "elem":
      return `${e.sym.name}(${e.subs.map(printExpr).join(", ")})`;
    case "section":
      return `${e.sym.name}(${e.subs.map(printExpr).join(", ")})${e.substring ? "{substr}" : ""}`;
    case "triplet":
      return `${e.lo ? printExpr(e.lo) : ""}:${e.hi ? printExpr(e.hi) : ""}${e.stride ? ":" + printExpr(e.stride) : ""}`;
    case "call":
      return `${e.name}(${e.args.map(printExpr).join(", ")})`;
    case "unary":
      return e.op === "not" ? `.not.(${printExpr(e.operand)})` : e.op === "bitnot" ? `~(${printExpr(e.operand)})` : `(${e.op}${printExpr(e.operand)})`;
    case "binary":
      return `(${printExpr(e.left)} ${e.op} ${printExpr(e.right)})`;
    case "cond":
      return `(${printExpr(e.cond)} ? ${printExpr(e.then)} : ${printExpr(e.else)})`;
    case "member":
      return `${printExpr(e.base)}${e.arrow ? "->" : "%"}${e.field}${e.subs ? `(${e.subs.map(printExpr).join(", ")})` : ""}`;
    case "addr":
      return `&${printExpr(e.operand)}`;
    case "deref":
      return `*${printExpr(e.operand)}`;
    case "cast":
      return `(${typeToString(e.to)})${printExpr(e.operand)}`;
    case "implied-do":
      return `(${e.items.map(printExpr).join(", ")}, ${e.index.name} = ${printExpr(e.lower)}, ${printExpr(e.upper)}${e.step ? ", " + printExpr(e.step) : ""})`;
    case "array-ctor":
      return `[${e.items.map(printExpr).join(", ")}]`;
    case "assign-expr":
      return `(${printExpr(e.target)} ${e.op}${e.value ? " " + printExpr(e.value) : ""})`;
    case "unknown":
      return `?${e.text}?`;
  }
}
