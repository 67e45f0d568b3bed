import type { Procedure } from "../ir/program.js";
import type { Cfg } from "../analysis/cfg/cfg.js";
import type { LoopRegionInfo, ScalarInfo } from "../analysis/regions/loop-regions.js";
import type { VarId } from "../analysis/refs/vars.js";
import type { Loop } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { lengthNotConstant } from "../ir/types.js";
import { aliasKind } from "../analysis/dependence/alias.js";
import { flagReduction } from "./flag-reduction.js";
import { conditionalMinMax } from "./conditional-minmax.js";
import { inductionStep } from "./induction.js";
import { loopRefs, loopWrites } from "./loop-refs.js";
import type { PlanLinear, PlanReduction, PlanReductionOp } from "./loop-plan.js";
import type { Reason } from "./reason.js";

/**
 * What to do with each scalar a loop touches, from the dataflow issue's
 * classes (seed 004 §1.3, §2.2, §2.3):
 *   index        the loop's own index: predetermined private; lastprivate when live after
 *   read-only    shared (no clause)
 *   private      private (DDEF before use in every iteration, dead after)
 *   lastprivate  lastprivate (DDEF in every iteration, live after)
 *   carried      a reduction when every reference is an update s = s op e
 *                (§2.3), a basic induction variable as `linear` (§2.1),
 *                otherwise the loop stays serial.
 * A private copy is only correct if every access goes through the name
 * in the loop's own statements: a variable a called procedure reaches
 * through COMMON or as a global, or that an opaque statement may touch,
 * would still be shared there, so such a variable cannot be privatized.
 */
export interface ScalarPlan {
  private: string[];
  lastprivate: string[];
  reductions: PlanReduction[];
  linear: PlanLinear[];
  reasons: Reason[];
  hints: string[];
}

/**
 * `deadAfter` says whether a COMMON scalar's value after the loop is never
 * read (common-liveness.ts): the dataflow takes COMMON as live at the
 * procedure's exit, so without it such a scalar written in the loop is
 * lastprivate or stays serial.
 */
export function planScalars(cfg: Cfg, info: LoopRegionInfo, loop: Loop, deadAfter: (sym: Sym) => boolean = () => false): ScalarPlan {
  const lang = cfg.proc.language;
  const out: ScalarPlan = { private: [], lastprivate: [], reductions: [], linear: [], reasons: [], hints: [] };
  const block = (s: ScalarInfo, message: string, hint?: string) => {
    out.reasons.push({ kind: "scalar", var: s.name, message });
    if (hint) out.hints.push(hint);
  };
  for (const s of info.scalars) {
    if (s.class === "read-only") continue;
    const v = cfg.vars.vars[s.var]!;
    const sym = v.syms[0]!;
    // An implied loop's index, a FORALL or DO CONCURRENT index, a LOCAL variable: each execution of
    // its construct has its own (F2018 19.4), so it is private to whoever runs it, with no clause.
    if (v.syms.every((x) => x.attrs.constructEntity)) continue;
    const hidden = hiddenAccess(cfg, info, s.var);
    const cannotPrivatize = (): string | null => {
      if (v.syms.length > 1) return `${s.name} shares storage with ${v.syms.slice(1).map((x) => x.name).join(", ")} (EQUIVALENCE)`;
      if (hidden) return `${s.name} is also ${hidden}, which would still see the shared variable`;
      if (sym.attrs.pointer) return `${s.name} is a POINTER`;
      if (v.syms.some((x) => x.attrs.namelist)) return `${s.name} is in a NAMELIST group, which OpenMP allows in no private, lastprivate or linear clause`;
      // gfortran gives each thread a broken copy of a character whose length is not a constant (deferred,
      // `character(:), allocatable`, or automatic, `character(len=m)`): garbage or a failed allocation even
      // at one thread, and `simd` with firstprivate and lastprivate of one stops the compiler (found by
      // fuzzing, gfortran 12).
      if (lang === "fortran" && lengthNotConstant(sym.type)) return `${s.name} is a character whose length is not a constant, of which OpenMP compilers make no sound private copy`;
      if (lang === "c" && sym.attrs.save && declaredInside(sym, loop)) return `${s.name} is a static local: one copy for every iteration`;
      // A clause names the variable where the directive stands: a global another declaration of the function
      // shadows there, or one only a block-scope `extern` in the loop declares, is not what the name means
      // (found by fuzzing: reduction(+:g) reduced a local g, the loop's extern g raced).
      if (lang === "c" && sym.storage === "global" && globalNotNamed(sym, cfg.proc, loop)) return `${s.name} is a global that its name does not reach where the directive stands (another ${s.name} of the function hides it, or only a declaration inside the loop names it)`;
      return null;
    };
    // C: a variable declared inside the body is new in every iteration (private by scope) and
    // cannot be named before the loop; whatever its class, no value crosses iterations through it.
    const scoped = lang === "c" && v.syms.every((x) => declaredInside(x, loop) && !x.attrs.save);
    if (scoped && s.class !== "index") continue;
    // Written before any read in every iteration where it is read, and never read after: private.
    const dead = s.live && (s.class === "lastprivate" || (s.class === "carried" && s.why === "conditional-last-value")) && v.syms.length === 1 && (sym.storage === "common" || sym.storage === "global") && deadAfter(sym);
    switch (dead ? "private" : s.class) {
      case "index": {
        const why = hidden ? `the index ${s.name} is also ${hidden}` : null;
        if (why) block(s, `${why}, which would see the shared variable`);
        else if (s.live && !scoped) out.lastprivate.push(s.name);
        break;
      }
      case "private":
      case "lastprivate": {
        const why = cannotPrivatize();
        if (why) {
          block(s, `${s.name} must be private to each iteration, but ${why.replace(/^[^ ]+ /, "")}`);
          break;
        }
        // Dead after the loop: private (a lastprivate copy-out of an iteration that did not write it would be undefined, and is not needed).
        (dead || s.class === "private" ? out.private : out.lastprivate).push(s.name);
        break;
      }
      case "carried": {
        if (s.why === "conditional-last-value") {
          // A flag some iterations raise (`if (c) found = .true.`) ends raised if any did: a reduction.
          const raised = cannotPrivatize() ? null : flagReduction(cfg, info, s.var, loop);
          if (raised) {
            out.reductions.push({ op: raised, var: s.name });
            break;
          }
          block(
            s,
            `${s.name} is written in some iterations only and is live after the loop: its final value depends on which iteration wrote it last`,
            `privatizing ${s.name} is impossible because ${s.name} is live after the loop and its definition does not dominate the exit`,
          );
          break;
        }
        const why = cannotPrivatize();
        if (s.reduction && !why && reducible(s.reduction, sym, lang)) {
          out.reductions.push({ op: s.reduction as PlanReductionOp, var: s.name });
          break;
        }
        const mm = why ? null : conditionalMinMax(cfg, info, s.var, loop);
        if (mm) {
          out.reductions.push({ op: mm, var: s.name });
          break;
        }
        const flag = why ? null : flagReduction(cfg, info, s.var, loop);
        if (flag) {
          out.reductions.push({ op: flag, var: s.name });
          break;
        }
        const step = why ? null : inductionStep(cfg, info, s.var, loop);
        if (step) {
          out.linear.push({ var: s.name, step });
          break;
        }
        if (why) block(s, `${s.name} is read before it is written in an iteration${s.reduction ? ` (a ${s.reduction} reduction)` : ""}, and ${why.replace(/^[^ ]+ /, "")}`);
        else
          block(
            s,
            `${s.name} is read before it is written in an iteration, and written in the loop: a value flows from one iteration to the next`,
            s.reduction ? `${s.name} is a ${s.reduction} reduction of a type OpenMP cannot reduce` : `${s.name} would need to be a reduction (s = s op e only) or an induction variable (one unconditional s = s + step per iteration)`,
          );
        break;
      }
    }
  }
  // A scalar EQUIVALENCEd with an array (`equivalence (k, arr(2))`) is an element of that storage: its group
  // is no scalar variable, so it has no class above, and the array tests do not see it as arr(2) (found by
  // fuzzing: `k = k + 2` got no linear clause; a read of t after `a(i) = ...` with t over a(1) got none).
  // Whenever the loop writes the group, the loop stays serial.
  // A Fortran TARGET or POINTER scalar may be storage another name of the loop writes: a TARGET dummy
  // may be associated with an actual that another TARGET dummy or a TARGET variable also names (F2018
  // 15.5.2.13), a POINTER with any TARGET (found by fuzzing: `y(i) = t + 1.0` with t a TARGET dummy
  // given a(1) and y given a got a directive). Whenever the loop writes such a name, it stays serial.
  // One pass over the loop's references finds both kinds of scalar; what the loop writes is found once.
  const groups = new Map<VarId, Sym>();
  const reached = new Map<string, Sym>();
  for (const b of info.cfgLoop.blocks)
    for (const id of cfg.blocks[b]!.refs) {
      const r = cfg.refs.refs[id]!;
      if (!r.sym || r.sym.dims.length > 0) continue;
      if (r.sym.equivalence !== undefined && !cfg.vars.vars[r.var]!.scalar && !groups.has(r.var)) groups.set(r.var, r.sym);
      if (lang === "fortran" && (r.sym.attrs.target || r.sym.attrs.pointer)) reached.set(r.sym.name, r.sym);
    }
  const written = groups.size || reached.size ? loopWrites(cfg, info).written : new Set<VarId>();
  for (const [v, sym] of groups) {
    if (!written.has(v)) continue;
    const arrays = cfg.vars.vars[v]!.syms.filter((x) => x.dims.length > 0).map((x) => x.name);
    out.reasons.push({ kind: "scalar", var: sym.name, message: `${sym.name} shares storage with ${arrays.length ? `the array ${arrays.join(", ")}` : "an array"} (EQUIVALENCE), which the loop writes: its value may flow from one iteration to the next` });
  }
  const names = [...written].flatMap((v) => cfg.vars.vars[v]!.syms);
  for (const sym of reached.values()) {
    const other = names.find((x) => x !== sym && aliasKind(sym, x) === "may-alias");
    if (other) out.reasons.push({ kind: "scalar", var: sym.name, message: `${sym.name} (${sym.attrs.pointer ? "a POINTER" : "a TARGET dummy argument"}) may be storage that ${other.name} also names, which the loop writes: its value may flow from one iteration to the next` });
  }
  return out;
}

/** How a callee or an opaque statement reaches the variable inside the loop without naming it, if it does. */
function hiddenAccess(cfg: Cfg, info: LoopRegionInfo, v: VarId): string | null {
  for (const r of loopRefs(cfg, info, v)) {
    if (r.origin === "opaque") return `touched by a statement doall cannot model (line ${r.span.line})`;
    // An actual argument passes the (private) copy itself; COMMON, module and global access does not.
    if (r.origin === "call" && !r.expr) return `read or written by ${r.callee ?? "a called procedure"} (line ${r.span.line})`;
    if (r.origin === "stmt-function") return `read by a statement function (line ${r.span.line})`;
    // `int *pu = &u; ... u = i; b[i] = *pu;`: the pointer reaches the shared u, never a private copy.
    if (r.viaPointer) return `reached through a pointer (line ${r.span.line})`;
  }
  return null;
}

/** A C variable declared inside the loop (its for-init or body): new in every iteration. */
/** Whether the C global's name, where a directive before `loop` stands, may not be that global: the function declares another of that name, or the global is declared (at file scope) only after the loop. */
function globalNotNamed(sym: Sym, proc: Procedure, loop: Loop): boolean {
  for (const s of proc.symbols.values()) if (s !== sym && s.name === sym.name && s.storage !== "global") return true;
  return sym.span.file === loop.span.file && (sym.span.line > loop.span.line || declaredInside(sym, loop));
}

export function declaredInside(sym: Sym, loop: Loop): boolean {
  const d = sym.span;
  if (d.file !== loop.span.file) return false;
  // In the body, or the loop's own index in its for-init; another variable the for-init of a counted loop
  // declares (`for (int i = 0, t; ...)`) is one for all the iterations, not new in each (found by fuzzing).
  const start = sym === loop.index || !loop.index ? { line: loop.span.line, column: loop.span.column } : { line: loop.span.endLine, column: loop.span.endColumn - 1 };
  const after = d.line > start.line || (d.line === start.line && d.column > start.column);
  const before = d.line < loop.endSpan.endLine || (d.line === loop.endSpan.endLine && d.column <= loop.endSpan.endColumn);
  return after && before;
}

/** OpenMP reduces only arithmetic (+ * max min) and logical/bitwise types with the matching operators. */
function reducible(op: string, sym: Sym, lang: "fortran" | "c"): boolean {
  const base = sym.type.base;
  if (sym.dims.length > 0) return false;
  switch (op) {
    case "+":
    case "*":
      return base === "integer" || base === "real" || (lang === "fortran" && base === "complex");
    case "max":
    case "min":
      return base === "integer" || base === "real";
    case "and":
    case "or":
      return lang === "fortran" ? base === "logical" : base === "integer" || base === "logical";
    case "eqv":
    case "neqv":
      return lang === "fortran" && base === "logical";
    case "bitand":
    case "bitor":
    case "bitxor":
      return base === "integer";
    default:
      return false;
  }
}
