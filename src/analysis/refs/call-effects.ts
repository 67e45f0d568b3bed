import { touchesStorage } from "../summaries/touches-storage.js";
import { pointedArgument } from "../../ir/pointed-argument.js";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { Span } from "../../source/span.js";
import { symBytes } from "../summaries/common-layout.js";
import { WORST_FORMAL, type FormalEffect, type ProcedureSummary } from "../summaries/summary.js";
import type { RefWriter } from "./ref-writer.js";
import { boxContains, type Box } from "../regions/box.js";
import { callRegions, type CallRegions } from "../regions/call-regions.js";

/** A CALL statement or a function call inside an expression. */
export interface CallSite {
  name: string;
  sym?: Sym | undefined;
  args: readonly Expr[];
  intrinsic?: boolean | undefined;
  pure?: boolean | undefined;
  /** A subroutine CALL (may write its arguments even when pure), not a function reference. */
  subroutine?: boolean;
  /** Fortran alternate returns: the call may return to a label before finishing its writes. */
  altReturns?: readonly string[] | undefined;
  span: Span;
}

/** A call as the analysis saw it: whether a summary described the callee. */
export interface CallRecord {
  name: string;
  span: Span;
  /** "user": a procedure call (summary or worst case); "local": an intrinsic or pure one touching its arguments only. */
  kind: "user" | "local";
  summary: ProcedureSummary | undefined;
}

/**
 * The references a call makes, in order: the values of its arguments are
 * read; then what the callee reads (arguments it reads before writing,
 * COMMON and module variables); then what it writes. With the callee's
 * summary (seed 004 §1.1 Case 4) only what it touches; without one the
 * worst: every variable argument read and maybe written (Fortran passes by
 * reference; C passes arrays, addresses and pointers), every COMMON,
 * module, global and host variable read and maybe written, and the I/O
 * state. Pure and intrinsic functions only read their arguments.
 */
export function emitCallEffects(w: RefWriter, c: CallSite): void {
  const c89 = w.proc.language === "c";
  if ((c.intrinsic || c.pure) && !c.subroutine) {
    w.calls.push({ name: c.name, span: c.span, kind: "local", summary: undefined });
    for (const a of c.args) w.useExpr(a);
    if (!c.pure) w.ioState(c.span, "call", c.name);
    return;
  }
  // Intrinsic and pure subroutines touch only their arguments (and hidden state when impure).
  const localOnly = !!(c.intrinsic || c.pure);
  const known = localOnly ? undefined : w.summaries(c.name);
  w.calls.push({ name: c.name, span: c.span, kind: localOnly ? "local" : "user", summary: known });
  // Conservative: without a summary (or for an argument past the dummies it lists) the argument may be read and written.
  const formal = (k: number): FormalEffect => (known && k < known.formals.length ? known.formals[k]! : WORST_FORMAL);
  // C: `(double *)tm1` passes tm1, `a[j] + 1` passes &a[j][1] (pointed-argument.ts); the references keep the argument as written.
  const args = c89 ? c.args.map(pointedArgument) : c.args;
  const byRef = args.map((a) => referencedSym(a, c89));

  // 1. Argument values and subscripts.
  args.forEach((a, k) => {
    const s = byRef[k];
    if (!s) w.useExpr(a);
    else if (a.kind === "addr") w.subscriptUses(a.operand);
    else w.subscriptUses(a);
  });
  // 2. What the callee reads of the caller's storage.
  const read = new Set<number>();
  const use = (sym: Sym, e: Expr | null, exact: boolean, span: Span, rmw: boolean) => {
    w.ref("use", sym, e, exact, "call", span, { callee: c.name, rmw });
    read.add(w.vars.varOf(sym));
  };
  args.forEach((a, k) => {
    const s = byRef[k];
    if (s && formal(k).euse) use(s, c.args[k]!, a.kind === "var", a.span, false);
    if (c89 && pointsToMemory(a)) w.memory("use", a, a.span);
  });
  // Without a summary, a COMMON or module variable also passed as an argument is already read and
  // (maybe) written through it. With one, both effects are kept: the summary may say the dummy is
  // only read while the COMMON copy is written.
  const passed = new Set(known ? [] : byRef.filter((s): s is Sym => !!s).map((s) => w.vars.varOf(s)));
  const global = (kind: "use" | "def") => (localOnly ? [] : globalEffects(w, known, kind).filter((s) => !passed.has(w.vars.varOf(s))));
  for (const s of global("use")) use(s, null, false, c.span, false);
  if (localOnly ? !c.pure : !known || known.io || known.unknown) w.ioState(c.span, "call", c.name);
  // 3. What it writes. Conservative: a write that may not happen is modelled as a rewrite
  // of the old value (x = f(x)): it kills, so dependences through the call
  // chain d → call → u rather than pairing everything before with
  // everything after; the read it implies is added where the callee was not
  // said to read the variable.
  const defs: { sym: Sym; e: Expr | null; exact: boolean; span: Span }[] = [];
  let regions: CallRegions | undefined;
  args.forEach((a, k) => {
    const s = byRef[k];
    const f = formal(k);
    if (!s || !f.mod) return;
    const scalar = !!known && f.ddef && a.kind === "var" && s.dims.length === 0 && f.exactBytes !== undefined && symBytes(s) === f.exactBytes;
    // An array the call surely writes whole (its DDEF region, moved to the actual, covers the declared bounds) is defined by it.
    const whole = () => {
      if (!known?.regions || s.dims.length === 0 || (a.kind !== "var" && a.kind !== "elem")) return false;
      regions ??= callRegions(w.proc, { name: c.name, args: c.args, span: c.span }, known, false);
      return coversDeclared(s, regions.arrays.get(s)?.ddef ?? []);
    };
    const exact = (scalar || whole()) && !c.altReturns?.length;
    defs.push({ sym: s, e: c.args[k]!, exact, span: a.span });
  });
  for (const s of global("def")) defs.push({ sym: s, e: null, exact: false, span: c.span });
  for (const d of defs) if (!d.exact && !read.has(w.vars.varOf(d.sym))) use(d.sym, d.e, false, d.span, true);
  for (const d of defs) w.ref("def", d.sym, d.e, d.exact, "call", d.span, { callee: c.name, kills: true });
  args.forEach((a) => {
    if (c89 && pointsToMemory(a)) w.memory("def", a, a.span);
  });
}

/**
 * The variable an argument passes by reference, if any: Fortran passes
 * every variable, element and section by reference; C passes arrays and
 * `&x` by address and everything else by value.
 */
function referencedSym(a: Expr, c: boolean): Sym | undefined {
  if (c) {
    if (a.kind === "addr") {
      const t = a.operand;
      return t.kind === "var" || t.kind === "elem" || t.kind === "section" ? t.sym : undefined;
    }
    return a.kind === "var" && a.sym.dims.length > 0 ? a.sym : undefined;
  }
  if (a.kind === "var" || a.kind === "elem" || a.kind === "section") return a.sym.storage === "parameter" || a.sym.storage === "procedure" ? undefined : a.sym;
  if (a.kind === "member") {
    let b: Expr = a.base;
    while (b.kind === "member") b = b.base;
    return b.kind === "var" || b.kind === "elem" || b.kind === "section" ? b.sym : undefined;
  }
  return undefined;
}

/**
 * A C argument that passes a pointer value: the callee may read and write
 * what it points to. A named array (`temp`, not a pointer) decays to the
 * address of its first element: the callee reaches that array only
 * (C99 6.5.6 ¶8), which `referencedSym` already passes by reference.
 */
function pointsToMemory(a: Expr): boolean {
  if (a.kind === "var" && a.sym.dims.length > 0 && !a.sym.attrs.pointer && a.sym.type.base !== "pointer") return false;
  return (a.kind === "var" && a.sym.type.base === "pointer") || (a.type?.base === "pointer" && a.kind !== "addr");
}

/**
 * Reads or writes of COMMON, module, global and host variables the caller
 * references. With a summary: the COMMON extents and symbols it lists
 * (a host's locals included, which its internal procedures see). Without:
 * every variable a callee could see.
 */
function globalEffects(w: RefWriter, known: ProcedureSummary | undefined, kind: "use" | "def"): Sym[] {
  // Conservative: an unknown callee may read and write every variable it could see.
  const worst = !known || known.unknown;
  const out: Sym[] = [];
  for (const v of w.vars.vars) {
    // Variables the caller never names cannot take part in its dependences.
    if (v.pseudo || !v.referenced) continue;
    if (worst && !v.visibleToCallees) continue;
    const s = worst ? v.syms[0] : v.syms.find((x) => touchesStorage(w.proc, x, known!, kind));
    if (s) out.push(s);
  }
  return out;
}

/** Whether some box holds every element of the array's declared bounds (all known). */
function coversDeclared(s: Sym, boxes: readonly Box[]): boolean {
  if (s.dims.some((d) => !d.upper)) return false;
  const all: Box = s.dims.map((d) => ({ lo: d.lower, hi: d.upper! }));
  return boxes.some((b) => boxContains(b, all));
}
