import type { Cfg } from "../analysis/cfg/cfg.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Loop } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { evalInt } from "../ir/const-eval.js";
import { Coverage } from "../analysis/regions/coverage.js";
import { implicitRef } from "./loop-refs.js";

/** Largest array privatized (elements): every thread gets a copy, on its stack in Fortran. */
const MAX_PRIVATE_ELEMENTS = 65536;

/**
 * Array privatization (seed 004 §2.2, with the per-iteration array region
 * the issue asks for): an array carrying dependences across iterations of
 * loop L can get a private copy per thread when, in every iteration,
 * every element it reads was written earlier in the same iteration, and
 * its values are not needed after the loop. Then no value flows between
 * iterations through it and the carried dependences are only storage
 * reuse (anti and output).
 *
 * The region of one iteration is approximated by rectangular sections:
 * a write x(s1, ..., sk) that runs unconditionally in the iteration adds
 * the box where each si is an inner loop index (unit step, bounds fixed in
 * the iteration) plus a constant, giving [lo + c, hi + c], or an
 * expression fixed during the iteration, giving [si, si]. A read is
 * covered when its box (same forms) lies in one box written before it
 * (the bounds compared by constant differences), or when the same element
 * was written earlier in the same iteration of the innermost loop around
 * both. "Fixed during the iteration" means built from literals, named
 * constants, L's index and scalars L only reads. Conservative: any other
 * access to the array (passed to a call, a whole-array or section
 * reference, an access a callee makes) gives up; so does an array that is
 * live after the loop, shares storage, or is a C pointer.
 */
export function arrayPrivatization(cfg: Cfg, info: LoopRegionInfo, loop: Loop, carried: CarriedDependence[]): { arrays: string[]; remaining: CarriedDependence[]; hints: string[] } {
  const syms = new Map<number, Sym>();
  for (const c of carried) {
    syms.set(c.source.sym.id, c.source.sym);
    syms.set(c.sink.sym.id, c.sink.sym);
  }
  const arrays: string[] = [];
  const hints: string[] = [];
  const done = new Set<number>();
  for (const sym of syms.values()) {
    const why = cannotPrivatize(cfg, info, loop, sym);
    if (why) {
      hints.push(`privatizing the array ${sym.name} is impossible because ${why}`);
      continue;
    }
    done.add(sym.id);
    arrays.push(sym.name);
  }
  return { arrays, hints, remaining: carried.filter((c) => !done.has(c.source.sym.id) && !done.has(c.sink.sym.id)) };
}

function cannotPrivatize(cfg: Cfg, info: LoopRegionInfo, loop: Loop, sym: Sym): string | null {
  const lang = cfg.proc.language;
  if (sym.dims.length === 0) return "it is not an array";
  if (sym.attrs.pointer || sym.attrs.allocatable || sym.type.base === "pointer") return "it has no fixed storage of its own";
  if (lang === "c" && sym.storage === "dummy") return "it is a pointer parameter (private would copy the pointer, not the array)";
  if (sym.storage === "parameter" || sym.equivalence !== undefined) return "it shares storage with other variables";
  let size = 1;
  for (const d of sym.dims) {
    const lo = evalInt(d.lower);
    const hi = d.upper ? evalInt(d.upper) : undefined;
    if (lo === undefined || hi === undefined) return "its size is not a constant";
    size *= Math.max(0, hi - lo + 1);
  }
  if (size > MAX_PRIVATE_ELEMENTS) return `it is too large to copy for every thread (${size} elements)`;
  const v = cfg.vars.lookup(sym);
  if (v === undefined) return "it is not analyzed";
  if (info.liveAfter.has(v)) return "its values may be used after the loop";
  const hidden = implicitRef(cfg, info, v);
  if (hidden) return `it is also accessed by ${hidden.callee ?? "a statement doall cannot model"} (line ${hidden.span.line})`;
  const fixed = new Set<Sym>();
  if (loop.index) fixed.add(loop.index);
  for (const s of info.scalars) if (s.class === "read-only") for (const x of cfg.vars.vars[s.var]!.syms) fixed.add(x);
  const c = new Coverage(sym, { fixed: (s) => fixed.has(s), lang });
  return c.run(loop.body) ? null : (c.why ?? "some element may be read before it is written in the same iteration");
}
