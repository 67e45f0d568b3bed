import type { Program } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { basename } from "../../util/path.js";
import type { ProcedureSummary, SharedEffect } from "../summaries/summary.js";
import { sameShape } from "../regions/call-regions.js";

/**
 * A summary as the caller's file sees it. `hidden`: it touches variables
 * that file cannot name (the first, said as a reason); the summary keeps
 * them as effects on the callee's own symbols, under keys no symbol of
 * the caller's file has.
 */
export type Translated = { summary: ProcedureSummary; hidden?: string };

/**
 * Moves a summary made in one file to a caller in another. Dummy
 * arguments (by position) and COMMON storage (by block name and byte
 * extent) mean the same in every file. Shared variables are keyed by
 * symbol, and symbols are per file: each is mapped to the caller's symbol
 * for the same variable — a C global with external linkage of that name,
 * a Fortran module variable of that name declared at the same place (the
 * same module), a file's own static coming back to it. One the caller
 * cannot name (not declared there, a C `static` of another file, a host's
 * variable) stays the callee's symbol under a key of its own: the
 * caller's dependence tests see the call touch storage not named there
 * (references.ts: a loop making the call in every iteration stays
 * serial), and what the call does to the variables the caller does name
 * stays known — NPB's timer_stop writes the statics of c_timers.c, and
 * every solver that times itself was an unknown call before.
 */
export function translateSummary(s: ProcedureSummary, from: Program, index: SharedIndex): Translated {
  if (s.shared.size === 0 && !s.regions?.globals.length) return { summary: s };
  const shared = new Map<number, SharedEffect>();
  let hidden: string | undefined;
  for (const e of s.shared.values()) {
    const mine = index.match(e.sym);
    if ("unmapped" in mine) hidden ??= `${s.name} ${e.mod ? "writes" : "reads"} ${describe(e.sym, from)}, which this file ${mine.unmapped}`;
    const sym = "unmapped" in mine ? index.foreign(e.sym) : mine;
    const key = "unmapped" in mine ? foreignKey(sym) : mine.id;
    const old = shared.get(key);
    shared.set(key, { sym, use: e.use || !!old?.use, mod: e.mod || !!old?.mod });
  }
  // The regions of globals follow their symbols (the foreign ones too: liveness follows a global through files
  // that do not declare it). A declaration of another shape here: left to `shared` (every element).
  const regions = s.regions && {
    ...s.regions,
    globals: s.regions.globals.flatMap((g) => {
      const mine = index.match(g.sym);
      const sym = "unmapped" in mine ? index.foreign(g.sym) : mine;
      return sameShape(g.sym, sym) ? [{ sym, regions: g.regions }] : [];
    }),
  };
  // A specialized summary's globals are the callee file's symbols: none here.
  const { specialize: _, ...rest } = s;
  return { summary: { ...rest, shared, ...(regions ? { regions } : {}) }, ...(hidden ? { hidden } : {}) };
}

const foreignKeys = new WeakMap<Sym, number>();
let lastForeignKey = 0;

/** A key for another file's symbol in a caller's shared effects: negative, so no symbol id of any file is equal to it. */
function foreignKey(s: Sym): number {
  let k = foreignKeys.get(s);
  if (k === undefined) foreignKeys.set(s, (k = --lastForeignKey));
  return k;
}

function describe(s: Sym, from: Program): string {
  // A static: of the file that declares it (the callee's, or one of its callees').
  if (s.storage === "global") return s.attrs.save ? `the static variable ${s.name} of ${basename(s.span.file || from.file.path)}` : `the global ${s.name}`;
  if (s.storage === "module") return `the module variable ${s.name}`;
  return `the variable ${s.name} of its host`;
}

/** The variables of one file that another file's procedures may share with it. */
export class SharedIndex {
  private readonly globals = new Map<string, Sym>();
  private readonly modules = new Map<string, Sym>();
  private readonly statics = new Set<Sym>();
  private readonly foreignGlobals = new Map<string, Sym>();

  constructor(program: Program) {
    for (const g of program.globals.values()) if (g.storage === "global") (g.attrs.save ? this.statics.add(g) : this.globals.set(g.name, g));
    for (const p of program.procedures) for (const s of p.symbols.values()) if (s.storage === "module") this.modules.set(moduleKey(s), s);
  }

  /**
   * The symbol a variable this file cannot name stands under here: for a C
   * global of external linkage, the first declaration of its name met (so
   * the effects of procedures of several files on it meet); else its own.
   */
  foreign(s: Sym): Sym {
    if (s.storage !== "global" || s.attrs.save) return s;
    let c = this.foreignGlobals.get(s.name);
    if (!c) this.foreignGlobals.set(s.name, (c = s));
    return c;
  }

  /** This file's symbol for the same variable, or how this file fails to have one. */
  match(s: Sym): Sym | { unmapped: string } {
    // A static of this file, come back through another file's procedure: itself.
    if (this.statics.has(s)) return s;
    if (s.storage === "global" && !s.attrs.save) return this.globals.get(s.name) ?? { unmapped: "does not declare" };
    if (s.storage === "module") return this.modules.get(moduleKey(s)) ?? { unmapped: "does not use" };
    return { unmapped: "cannot see" };
  }
}

/** A module variable is the same one in every file that USEs its module: same name, declared at the same place. */
function moduleKey(s: Sym): string {
  return `${s.name.toLowerCase()}@${s.span.file}:${s.span.line}`;
}
