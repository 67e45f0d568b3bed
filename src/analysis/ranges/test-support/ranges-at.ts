import type { Procedure, Program } from "../../../ir/program.js";
import type { Loop, Stmt } from "../../../ir/stmt.js";
import { walkStmts } from "../../../ir/walk.js";
import { analyzeRanges, type ProcedureRanges } from "../range-analysis.js";
import type { RangeOptions } from "../range-context.js";

/** Ranges of a procedure read by source line and variable name, printed (`[1, 49]`, `{5}`, `[-inf, +inf]`). */
export interface RangesByLine {
  ranges: ProcedureRanges;
  /** Before the statement that starts on `line`. */
  at(line: number, name: string): string;
  /** The smallest interval containing the range before the statement on `line`. */
  hull(line: number, name: string): string;
  /** When the loop on `line` starts (its index set). */
  entry(line: number, name: string): string;
  /** The sources cited for the range, as texts. */
  why(line: number, name: string): string[];
}

export function rangesByLine(p: Program | Procedure, options: RangeOptions = {}, procName?: string): RangesByLine {
  const proc = "procedures" in p ? (procName ? p.procedures.find((x) => x.name.toLowerCase() === procName.toLowerCase())! : p.procedures[0]!) : p;
  const ranges = analyzeRanges(proc, options);
  const stmtAt = (line: number): Stmt => {
    let found: Stmt | undefined;
    walkStmts(proc.body, (s) => {
      if (!found && s.span.line === line && s.kind !== "nop") found = s;
    });
    if (!found) throw new Error(`no statement on line ${line}`);
    return found;
  };
  const globals = "procedures" in p ? p.globals : new Map();
  const sym = (name: string) => {
    const s = proc.symbols.get(name) ?? proc.symbols.get(name.toLowerCase()) ?? globals.get(name);
    if (!s) throw new Error(`no symbol ${name}`);
    return s;
  };
  return {
    ranges,
    at: (line, name) => ranges.before(stmtAt(line), sym(name)).set.toString(),
    hull: (line, name) => ranges.before(stmtAt(line), sym(name)).set.hull().toString(),
    entry: (line, name) => ranges.atLoopEntry(stmtAt(line) as Loop, sym(name)).set.toString(),
    why: (line, name) => ranges.before(stmtAt(line), sym(name)).why.map((id) => ranges.source(id).text),
  };
}
