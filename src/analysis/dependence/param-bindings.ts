import type { Expr } from "../../ir/expr.js";
import type { Procedure, Program } from "../../ir/program.js";
import { sameGlobal, type Sym } from "../../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../../ir/walk.js";
import { evalInt } from "../../ir/const-eval.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { pointedArgument } from "../../ir/pointed-argument.js";
import { changedPointers, isNamedObject, PointerBases } from "./pointer-bases.js";

/**
 * What the C pointer parameters of a `static` function point to, when
 * every call is in sight (seed 004 §1.1 gives procedures the caller's
 * view of their arguments; this is the reverse, the callers' actual
 * arguments seen from the callee). A `static` function is called only
 * from its own file; if its name is never used but in calls, and at every
 * call a pointer parameter receives a named array (`x` or `&x[k]`, x a
 * global or a local array, not itself a pointer, or a pointer of the
 * caller whose base is one: pointer-bases.ts, or a bound parameter of
 * the caller), and the function never changes the parameter, the
 * parameter points into that array. Two such
 * parameters bound to different arrays at every call are different
 * memory; so are a parameter and a global it is never bound to. NPB CG's
 * conj_grad(colidx, rowstr, x, z, a, p, q, r, ...) is called once with
 * the globals of those names: its q[j] = sum loop is then parallel.
 * When the files of a run are the whole program (ProgramLink.closed), a
 * function of external linkage has every call in sight too: NPB-C's
 * error_norm(double rms[5]) is called only with verify's local arrays, so
 * rms is never the global u it reads.
 */
export class ParamBindings {
  /**
   * Per bound parameter: the objects it may receive at each call site
   * (index = site): one, or several when the actual is a parameter of the
   * caller bound to different objects at the caller's own calls (MG's
   * rep_nrm(u, ...) passes on whichever grid it was given); null where
   * unknown.
   */
  private readonly sites = new Map<Sym, (Sym[] | null)[]>();
  /** Per bound parameter: its actual argument at each call site, and the function of the call. */
  private readonly actuals = new Map<Sym, Expr[]>();

  /**
   * `programs`: one file, or the files of a link. `closed`: they are the
   * whole program (ProgramLink.closed: C only, `main` among them, every
   * call resolved in them): then every call of a function of external
   * linkage is in sight too, as a static function's calls are in its file.
   */
  constructor(programs: Program | readonly Program[], closed = false) {
    const files = ((Array.isArray(programs) ? programs : [programs]) as readonly Program[]).filter((f) => f.file.language === "c");
    // The functions whose every call is in sight, by file (statics) and by name (external linkage, closed).
    const statics = new Map<Program, Map<string, Procedure>>();
    const externals = new Map<string, Procedure | null>();
    const bindable = new Set<Procedure>();
    for (const program of files)
      for (const p of program.procedures) {
        if (p.kind !== "function" || p.unanalyzable) continue;
        if (program.globals.get(p.name)?.attrs.save) {
          const m = statics.get(program) ?? new Map<string, Procedure>();
          m.set(p.name, p);
          statics.set(program, m);
          bindable.add(p);
        } else if (closed && p.name !== "main") externals.set(p.name, externals.has(p.name) ? null : p);
      }
    for (const p of externals.values()) if (p) bindable.add(p);
    if (bindable.size === 0) return;
    const resolve = (program: Program, name: string): Procedure | undefined => statics.get(program)?.get(name) ?? externals.get(name) ?? undefined;
    const calls = new Map<Procedure, { caller: Procedure; args: Expr[] }[]>();
    const escaped = new Set<Procedure>();
    const add = (p: Procedure, caller: Procedure, args: Expr[]) => calls.set(p, [...(calls.get(p) ?? []), { caller, args }]);
    for (const program of files)
      for (const caller of program.procedures)
        walkStmts(caller.body, (s) => {
          const p = s.kind === "call" ? resolve(program, s.name) : undefined;
          if (p && s.kind === "call") add(p, caller, s.args);
          for (const e of stmtExprs(s))
            walkExpr(e, (x) => {
              if (x.kind === "call") {
                const q = resolve(program, x.name);
                if (q) add(q, caller, x.args);
              } else if (x.kind === "var" && x.sym.storage === "procedure") {
                const q = resolve(program, x.sym.name);
                if (q) escaped.add(q);
              }
            });
        });
    // A bindable function no live code calls never runs: its calls bind nothing (MG's rep_nrm). Live:
    // main, and any function whose calls are not all in sight (not bindable, or its address taken).
    const live = (p: Procedure, seen = new Set<Procedure>()): boolean => {
      if (!bindable.has(p) || escaped.has(p)) return true;
      if (seen.has(p)) return false;
      seen.add(p);
      return (calls.get(p) ?? []).some((site) => live(site.caller, seen));
    };
    for (const [p, sites] of calls) calls.set(p, sites.filter((site) => live(site.caller)));
    const bases = new Map<Procedure, PointerBases>();
    const basesOf = (p: Procedure) => bases.get(p) ?? (bases.set(p, new PointerBases(p)), bases.get(p)!);
    const pending = new Map<Sym, { caller: Procedure; arg: Expr }[]>();
    for (const [p, sites] of calls) {
      if (escaped.has(p) || sites.some((site) => site.args.length !== p.params.length)) continue;
      const changed = changedPointers(p);
      p.params.forEach((param, k) => {
        if (!isPointerParam(param) || changed === "all" || changed.has(param)) return;
        pending.set(
          param,
          sites.map((site) => ({ caller: site.caller, arg: site.args[k]! })),
        );
        this.actuals.set(
          param,
          sites.map((site) => site.args[k]!),
        );
      });
    }
    // The object at a site: the base of the actual in its caller, followed through the caller's own bound parameters.
    const resolving = new Set<Sym>();
    const resolveParam = (param: Sym): (Sym[] | null)[] => {
      const done = this.sites.get(param);
      if (done) return done;
      const list = pending.get(param)!;
      if (resolving.has(param)) return list.map(() => null);
      resolving.add(param);
      const out = list.map(({ caller, arg }): Sym[] | null => {
        const b = basesOf(caller).exprBase(arg);
        if (!b) return null;
        if (isNamedObject(b)) return [b];
        if (!pending.has(b)) return null;
        // Whatever the caller's parameter may hold at any of its calls (none: the caller never runs).
        const up = resolveParam(b);
        if (up.length === 0 || up.some((o) => o === null)) return null;
        const all: Sym[] = [];
        for (const o of up as Sym[][]) for (const x of o) if (!all.some((y) => sameGlobal(x, y))) all.push(x);
        return all;
      });
      resolving.delete(param);
      this.sites.set(param, out);
      return out;
    };
    for (const param of pending.keys()) resolveParam(param);
  }

  /** Whether references through `a` and `b` can never touch the same memory. */
  disjoint(a: Sym, b: Sym): boolean {
    const A = this.sites.get(a);
    const B = this.sites.get(b);
    if (A && B) return A.every((o, i) => apart(o, B[i]!));
    if (A && isNamedObject(b)) return A.every((o) => apart(o, [b]));
    if (B && isNamedObject(a)) return B.every((o) => apart(o, [a]));
    return false;
  }

  /**
   * Whether the parameters `a` and `b` hold, at every call, either the
   * same address (the same side-effect-free actual, `&r[ir[k]]` twice) or
   * pointers into different objects: MG's resid(u, v, r) and
   * resid(&u[ir[k]], &r[ir[k]], &r[ir[k]]).
   */
  sameOrDisjoint(a: Sym, b: Sym): boolean {
    const A = this.actuals.get(a);
    const B = this.actuals.get(b);
    const oa = this.sites.get(a);
    const ob = this.sites.get(b);
    if (!A || !B || !oa || !ob) return false;
    return A.every((x, i) => (sameAddress(x, B[i]!) && pureExpr(x)) || apart(oa[i]!, ob[i]!));
  }
}

/**
 * Whether two actual arguments are one address: the same expression, or
 * the same element of a named array (`xnt`, `(dcomplex *)xnt` and
 * `&xnt[0][0][0]` in NPB-C FT's calls of fftXYZ: pointed-argument.ts).
 */
function sameAddress(x: Expr, y: Expr): boolean {
  const a = pointedArgument(x);
  const b = pointedArgument(y);
  if (exprEquals(a, b)) return true;
  const sa = startOf(a);
  const sb = startOf(b);
  if (!sa || !sb || sa.sym !== sb.sym) return false;
  return sa.subs.every((e, k) => {
    const f = sb.subs[k]!;
    const [u, v] = [evalInt(e), evalInt(f)];
    return exprEquals(e, f) || (u !== undefined && u === v);
  });
}

/** The element an address is of: an array's name is its first element's; a row's, its first element's. */
function startOf(e: Expr): { sym: Sym; subs: Expr[] } | null {
  const fill = (sym: Sym, subs: readonly Expr[]) => ({ sym, subs: [...subs, ...sym.dims.slice(subs.length).map((d) => d.lower)] });
  if (e.kind === "var" && e.sym.dims.length > 0 && !e.sym.attrs.pointer) return fill(e.sym, []);
  if (e.kind === "addr" && e.operand.kind === "elem" && !e.operand.sym.attrs.pointer) return fill(e.operand.sym, e.operand.subs);
  if (e.kind === "elem" && e.subs.length < e.sym.dims.length && !e.sym.attrs.pointer) return fill(e.sym, e.subs);
  return null;
}

/** Two sets of objects, both known, with none in common. */
function apart(a: Sym[] | null, b: Sym[] | null): boolean {
  return a !== null && b !== null && a.every((x) => b.every((y) => !sameGlobal(x, y)));
}

function isPointerParam(s: Sym): boolean {
  return s.storage === "dummy" && (s.attrs.pointer === true || s.type.base === "pointer");
}

/** No call, no assignment: evaluating it twice gives the same value. */
function pureExpr(e: Expr): boolean {
  let pure = true;
  walkExpr(e, (x) => {
    if (x.kind === "call" || x.kind === "assign-expr" || x.kind === "unknown") pure = false;
  });
  return pure;
}
