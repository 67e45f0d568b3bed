import type { Program } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { basename } from "../../util/path.js";
import type { ProcedureSummary, SharedEffect } from "../summaries/summary.js";

/** A summary as the caller's file sees it, or why it cannot see all of it. */
export type Translated = { summary: ProcedureSummary } | { why: string };

/**
 * Moves a summary made in one file to a caller in another. Dummy
 * arguments (by position) and COMMON storage (by block name and byte
 * extent) mean the same in every file. Shared variables are keyed by
 * symbol, and symbols are per file: each is mapped to the caller's symbol
 * for the same variable — a C global with external linkage of that name,
 * a Fortran module variable of that name declared at the same place (the
 * same module). One the caller cannot name (not declared there, a C
 * `static` of the callee's file, a host's variable) cannot be mapped.
 * Conservative: then nothing is translated and the call is unknown, since
 * the caller's analysis could not see two iterations meet on it — nor
 * could the callers of the caller, whose summaries are built from this one.
 */
export function translateSummary(s: ProcedureSummary, from: Program, index: SharedIndex): Translated {
  if (s.shared.size === 0) return { summary: s };
  const shared = new Map<number, SharedEffect>();
  for (const e of s.shared.values()) {
    const mine = index.match(e.sym);
    if ("unmapped" in mine) return { why: `${s.name} ${e.mod ? "writes" : "reads"} ${describe(e.sym, from)}, which this file ${mine.unmapped}` };
    const old = shared.get(mine.id);
    shared.set(mine.id, { sym: mine, use: e.use || !!old?.use, mod: e.mod || !!old?.mod });
  }
  return { summary: { ...s, shared } };
}

function describe(s: Sym, from: Program): string {
  if (s.storage === "global") return s.attrs.save ? `the static variable ${s.name} of ${basename(from.file.path)}` : `the global ${s.name}`;
  if (s.storage === "module") return `the module variable ${s.name}`;
  return `the variable ${s.name} of its host`;
}

/** The variables of one file that another file's procedures may share with it. */
export class SharedIndex {
  private readonly globals = new Map<string, Sym>();
  private readonly modules = new Map<string, Sym>();

  constructor(program: Program) {
    for (const g of program.globals.values()) if (g.storage === "global" && !g.attrs.save) this.globals.set(g.name, g);
    for (const p of program.procedures) for (const s of p.symbols.values()) if (s.storage === "module") this.modules.set(moduleKey(s), s);
  }

  /** This file's symbol for the same variable, or how this file fails to have one. */
  match(s: Sym): Sym | { unmapped: string } {
    if (s.storage === "global" && !s.attrs.save) return this.globals.get(s.name) ?? { unmapped: "does not declare" };
    if (s.storage === "module") return this.modules.get(moduleKey(s)) ?? { unmapped: "does not use" };
    return { unmapped: "cannot see" };
  }
}

/** A module variable is the same one in every file that USEs its module: same name, declared at the same place. */
function moduleKey(s: Sym): string {
  return `${s.name.toLowerCase()}@${s.span.file}:${s.span.line}`;
}
