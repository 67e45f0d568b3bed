import type { Procedure, Program } from "../../ir/program.js";
import { defsOf, UNKNOWN_CALLEES, type CallEffects } from "./defs.js";

/**
 * What each procedure of a set of files may modify beyond its arguments,
 * through the procedures it calls: the COMMON blocks (by name), module
 * variables, C globals. A loop that calls `exact_solution` keeps
 * `grid_points(1)` fixed when neither exact_solution nor anything it calls
 * assigns to /global/. A callee that is not among the files (a library
 * routine, a timer) may modify everything it can see.
 *
 * Blocks are matched by name, not member by member, so units that lay out
 * a block differently stay safe.
 */
interface Summary {
  commons: Set<string>;
  module: boolean;
  global: boolean;
  /** Calls something unknown, or stores through pointers. */
  unknown: boolean;
  callees: Set<string>;
}

export function buildCallEffects(programs: readonly Program[]): CallEffects {
  const byName = new Map<string, Procedure | null>();
  for (const prog of programs)
    for (const p of prog.procedures) {
      if (p.kind === "module" || p.kind === "block-data") continue;
      const k = p.name.toLowerCase();
      byName.set(k, byName.has(k) ? null : p); // two definitions: do not guess which one runs
    }
  const summaries = new Map<string, Summary>();
  for (const [name, p] of byName) if (p) summaries.set(name, direct(p));
  // Propagate through the call graph until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of summaries.values()) {
      for (const c of s.callees) {
        const t = summaries.get(c);
        if (!t) {
          if (!s.unknown) changed = s.unknown = true;
          continue;
        }
        if (t.unknown && !s.unknown) changed = s.unknown = true;
        if (t.module && !s.module) changed = s.module = true;
        if (t.global && !s.global) changed = s.global = true;
        for (const b of t.commons) if (!s.commons.has(b)) (s.commons.add(b), (changed = true));
      }
    }
  }
  return {
    mayModify(callee, sym) {
      const s = summaries.get(callee);
      if (!s || s.unknown) return UNKNOWN_CALLEES.mayModify(callee, sym);
      if (sym.storage === "common") return s.commons.has(sym.common ?? "");
      if (sym.storage === "module") return s.module;
      if (sym.storage === "global") return s.global;
      return false;
    },
  };
}

function direct(p: Procedure): Summary {
  const d = defsOf(p.body);
  const s: Summary = { commons: new Set(), module: false, global: false, unknown: d.pointerStores, callees: new Set(d.callees) };
  for (const sym of p.symbols.values()) {
    if (!d.syms.has(sym.id) && !(sym.equivalence !== undefined && d.equiv.has(sym.equivalence))) continue;
    if (sym.storage === "common") s.commons.add(sym.common ?? "");
    else if (sym.storage === "module") s.module = true;
    else if (sym.storage === "global") s.global = true;
  }
  return s;
}
