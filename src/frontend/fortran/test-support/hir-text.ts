import { printProcedure } from "../../../ir/print.js";
import type { Program } from "../../../ir/program.js";
import { memoryHost } from "../../../source/host.js";
import { parseFortran } from "../parse-fortran.js";

/** Parses free-form source from memory. */
export function readFree(text: string): Program {
  return parseFortran("t.f90", text, memoryHost({}));
}

const SYMBOL_LINE = /^ {2}(\S+ => )?[^\s:]+: (integer|real|logical|character|complex|type|unknown|void|double)/;

/**
 * The statements of the first procedure as the HIR printer shows them,
 * without its header and symbol table, source line comments dropped:
 * what a lowering test compares.
 */
export function bodyText(p: Program, proc = 0): string {
  const lines = printProcedure(p.procedures[proc]!).split("\n");
  const body = lines.slice(1).filter((l) => !SYMBOL_LINE.test(l) && !l.startsWith("end ") && !l.startsWith("  use ") && l.trim() !== "");
  return body.map((l) => l.replace(/ {2}! \d+$/, "").slice(2)).join("\n");
}

/** Error and warning messages, for asserting there are none (or which). */
export function messages(p: Program): string[] {
  return p.diagnostics.map((d) => `${d.severity}: ${d.span?.line ?? "?"}: ${d.message}`);
}
