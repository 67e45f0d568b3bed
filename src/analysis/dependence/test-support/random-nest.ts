// Random small loop nests for the property tests (issue 6 "Done when"):
// 1-3 deep; constant, triangular, symbolic and negative-step bounds,
// blocked ones (min/max of an outer index and a cap, under outer steps);
// affine, quadratic and exactly divided subscripts, symbolic offsets,
// induction variables and IF guards; 1-2-D arrays in Fortran
// (column-major) and C (row-major) layouts, 0- and 1-based. A spec is
// plain data, built into HIR directly or printed as Fortran text.
import fc from "fast-check";
import type { Expr } from "../../../ir/expr.js";
import type { Procedure } from "../../../ir/program.js";
import type { Stmt } from "../../../ir/stmt.js";
import type { Sym } from "../../../ir/symbol.js";
import { HirBuilder } from "./hir.js";

export type ESpec =
  | { k: "c"; v: number }
  | { k: "i"; level: number }
  | { k: "s"; name: "n" | "m" | "k" }
  | { k: "+" | "-" | "*" | "/"; l: ESpec; r: ESpec }
  | { k: "min" | "max"; l: ESpec; r: ESpec };

export interface LoopSpec {
  lo: ESpec;
  hi: ESpec;
  step: number;
  /** The step is the dummy m instead (a loop stepping by a value fixed for the nest; in C `i += m`). */
  stepM?: true;
}

export interface RefSpec {
  subs: ESpec[];
}

export interface StmtSpec {
  guard: { op: "<" | ">" | "<=" | ">="; l: ESpec; r: ESpec } | null;
  lhs: RefSpec;
  rhs: RefSpec[];
}

export interface NestSpec {
  lang: "fortran" | "c";
  loops: LoopSpec[];
  dims: [number, number | null][];
  inner: StmtSpec[];
  /** A statement in the body of the next-to-innermost loop, after the inner loop. */
  outer: StmtSpec | null;
  /** k = init before the innermost loop, k = k + step at the top of its body. */
  iv: { init: number; step: number } | null;
  /**
   * Before the innermost loop (depth >= 2): `e = i + d` (i the index around
   * it), then `if (e > cap) e = cap`, and e is the innermost loop's upper
   * bound: a value each instance of the loop starts with that the
   * dependence tests know only through the value ranges (NPB FT's `ble`).
   */
  clip?: { d: number; cap: ESpec } | null;
}

const c = (v: number): ESpec => ({ k: "c", v });
const add = (l: ESpec, r: ESpec): ESpec => ({ k: "+", l, r });
const mul = (l: ESpec, r: ESpec): ESpec => ({ k: "*", l, r });

function loopArb(level: number): fc.Arbitrary<LoopSpec> {
  const outer = level > 0 ? fc.integer({ min: 0, max: level - 1 }) : fc.constant(-1);
  return fc.oneof(
    // constant bounds, step 1 or 2
    fc.record({ lo: fc.integer({ min: -1, max: 2 }), len: fc.integer({ min: -1, max: 4 }), step: fc.constantFrom(1, 1, 2) }).map(({ lo, len, step }) => ({ lo: c(lo), hi: c(lo + len), step })),
    // negative step
    fc.record({ hi: fc.integer({ min: -1, max: 1 }), len: fc.integer({ min: 0, max: 4 }), step: fc.constantFrom(-1, -2) }).map(({ hi, len, step }) => ({ lo: c(hi + len), hi: c(hi), step })),
    // symbolic upper bound n + d
    fc.record({ lo: fc.integer({ min: 0, max: 1 }), d: fc.integer({ min: -1, max: 1 }) }).map(({ lo, d }) => ({ lo: c(lo), hi: add({ k: "s", name: "n" }, c(d)), step: 1 })),
    // triangular: bounds affine in an outer index
    fc.record({ j: outer, d1: fc.integer({ min: -1, max: 1 }), d2: fc.integer({ min: 0, max: 2 }), which: fc.constantFrom("lo", "hi", "both") }).map(({ j, d1, d2, which }) => {
      if (j < 0) return { lo: c(0), hi: c(3), step: 1 };
      const oi: ESpec = { k: "i", level: j };
      if (which === "lo") return { lo: add(oi, c(d1)), hi: c(4), step: 1 };
      if (which === "hi") return { lo: c(0), hi: add(oi, c(d1)), step: 1 };
      return { lo: add(oi, c(d1)), hi: add(oi, c(d1 + d2)), step: 1 };
    }),
    // a tile loop: step 2 or 3 over a few values, or the dummy m
    // (stepping by m, also from the top down: with m < 0 such a loop runs, and the model that counts up must not answer for it)
    fc.record({ lo: fc.integer({ min: 0, max: 1 }), len: fc.integer({ min: 2, max: 6 }), step: fc.constantFrom(2, 3, 0, 0), down: fc.boolean() }).map(({ lo, len, step, down }): LoopSpec => {
      if (step) return { lo: c(lo), hi: c(lo + len), step };
      return down ? { lo: c(lo + len), hi: c(lo), step: 1, stepM: true } : { lo: c(lo), hi: c(lo + len), step: 1, stepM: true };
    }),
    // blocked: from an outer index to min(index + d, cap) (d = m - 1: a tile of m), or from max(index - d, cap) on
    fc.record({ j: outer, d: fc.integer({ min: -1, max: 2 }), cap: fc.constantFrom<ESpec>(c(1), c(3), c(4), { k: "s", name: "n" }), which: fc.constantFrom("min", "max") }).map(({ j, d, cap, which }): LoopSpec => {
      if (j < 0) return { lo: c(0), hi: { k: "min", l: c(3), r: cap }, step: 1 };
      const oi: ESpec = { k: "i", level: j };
      if (which === "min") return { lo: oi, hi: { k: "min", l: d < 0 ? add(add(oi, { k: "s", name: "m" }), c(-1)) : add(oi, c(d)), r: cap }, step: 1 };
      return { lo: { k: "max", l: add(oi, c(-Math.abs(d))), r: cap }, hi: add(oi, c(Math.abs(d))), step: 1 };
    }),
  );
}

function subArb(depth: number, iv: boolean): fc.Arbitrary<ESpec> {
  const coef = fc.constantFrom(-2, -1, 0, 0, 0, 1, 1, 2);
  const affine = fc
    .record({ c0: fc.integer({ min: -3, max: 3 }), a: fc.array(coef, { minLength: depth, maxLength: depth }), m: fc.constantFrom(0, 0, 0, 1, -1), k: fc.constantFrom(0, 0, iv ? 1 : 0) })
    .map(({ c0, a, m, k }) => {
      let e: ESpec = c(c0);
      a.forEach((x, lvl) => {
        if (x !== 0) e = add(e, x === 1 ? { k: "i", level: lvl } : mul(c(x), { k: "i", level: lvl }));
      });
      if (m) e = add(e, m === 1 ? { k: "s", name: "m" } : mul(c(-1), { k: "s", name: "m" }));
      if (k) e = add(e, { k: "s", name: "k" });
      return e;
    });
  const lvl = fc.integer({ min: 0, max: depth - 1 });
  const quadratic = fc.record({ base: affine, x: lvl, y: lvl, q: fc.constantFrom(-1, 1, 2), tri: fc.boolean() }).map(({ base, x, y, q, tri }) => {
    const ix: ESpec = { k: "i", level: x };
    // (i*i - i)/2 is always an integer: exact division.
    const term: ESpec = tri ? { k: "/", l: { k: "-", l: mul(ix, ix), r: ix }, r: c(2) } : mul(c(q), mul(ix, { k: "i", level: y }));
    return add(base, term);
  });
  return fc.oneof({ weight: 4, arbitrary: affine }, { weight: 1, arbitrary: quadratic });
}

export function nestArb(lang: "fortran" | "c"): fc.Arbitrary<NestSpec> {
  return fc.constantFrom(1, 1, 2, 2, 2, 3, 3).chain((depth) =>
    fc.boolean().chain((useIv) => {
      const iv = useIv && depth >= 1;
      const rank = fc.constantFrom(1, 1, 2);
      return rank.chain((r) => {
        const ref = fc.record({ subs: fc.array(subArb(depth, iv), { minLength: r, maxLength: r }) });
        const lvl = fc.integer({ min: 0, max: depth - 1 });
        const guard = fc.option(fc.record({ op: fc.constantFrom("<", ">", "<=", ">=") as fc.Arbitrary<"<" | ">" | "<=" | ">=">, l: lvl.map((x): ESpec => ({ k: "i", level: x })), r: fc.oneof(lvl.map((x): ESpec => ({ k: "i", level: x })), fc.integer({ min: 0, max: 3 }).map(c)) }), { freq: 4 });
        const stmt = fc.record({ guard, lhs: ref, rhs: fc.array(ref, { minLength: 0, maxLength: 1 }) });
        const outerStmt = fc.record({ guard: fc.constant(null), lhs: fc.record({ subs: fc.array(subArb(Math.max(1, depth - 1), false), { minLength: r, maxLength: r }) }), rhs: fc.array(fc.record({ subs: fc.array(subArb(Math.max(1, depth - 1), false), { minLength: r, maxLength: r }) }), { maxLength: 1 }) });
        const dim = fc.record({ lo: lang === "c" ? fc.constantFrom(0, 0, 1) : fc.constantFrom(1, 1, 0), ext: fc.integer({ min: 2, max: 5 }), assumed: fc.boolean() });
        return fc.record({
          lang: fc.constant(lang),
          loops: fc.tuple(...Array.from({ length: depth }, (_, k) => loopArb(k))),
          dims: fc.array(dim, { minLength: r, maxLength: r }).map((ds) => ds.map((d, i): [number, number | null] => [d.lo, d.assumed && i === (lang === "c" ? 0 : r - 1) && r === 1 ? null : d.lo + d.ext - 1])),
          inner: fc.array(stmt, { minLength: 1, maxLength: 2 }).map((ss) => (ss.length === 2 ? [ss[0]!, { ...ss[1]!, rhs: [] }] : ss)),
          outer: depth >= 2 ? fc.option(outerStmt, { freq: 4 }) : fc.constant(null),
          iv: iv ? fc.record({ init: fc.integer({ min: -2, max: 2 }), step: fc.constantFrom(1, 2, -1) }) : fc.constant(null),
          clip: depth >= 2 ? fc.option(fc.record({ d: fc.integer({ min: -1, max: 3 }), cap: fc.constantFrom<ESpec>(c(1), c(3), { k: "s", name: "n" }, add({ k: "s", name: "n" }, c(1))) }), { freq: 3 }) : fc.constant(null),
        });
      });
    }),
  );
}

export interface BuiltNest {
  proc: Procedure;
  n: Sym;
  m: Sym;
}

/** The spec as HIR, the way the front ends lower it. */
export function buildNest(spec: NestSpec): BuiltNest {
  const b = new HirBuilder(spec.lang);
  const n = b.int("n", "dummy");
  const m = b.int("m", "dummy");
  const k = b.int("k");
  const a = b.array("a", spec.dims, { storage: "dummy" });
  const idx = spec.loops.map((_, i) => b.int(`i${i + 1}`));
  const e = b.int("e");
  const ex = (e: ESpec): Expr => {
    switch (e.k) {
      case "c":
        return b.c(e.v);
      case "i":
        return b.v(idx[e.level]!);
      case "s":
        return b.v(e.name === "n" ? n : e.name === "m" ? m : k);
      case "min":
      case "max":
        return b.call(e.k, [ex(e.l), ex(e.r)]);
      default:
        return b.bin(e.k, ex(e.l), ex(e.r));
    }
  };
  const stmt = (s: StmtSpec): Stmt => {
    const rhs = s.rhs.reduce<Expr>((acc, r) => b.bin("+", acc, b.elem(a, r.subs.map(ex))), b.c(1));
    const st = b.assign(b.elem(a, s.lhs.subs.map(ex)), rhs);
    return s.guard ? b.iff(b.cmp(s.guard.op, ex(s.guard.l), ex(s.guard.r)), [st]) : st;
  };
  const depth = spec.loops.length;
  let body: Stmt[] = spec.inner.map(stmt);
  if (spec.iv) body = [b.assign(b.v(k), b.bin("+", b.v(k), b.c(spec.iv.step))), ...body];
  const step = (l: LoopSpec) => (l.stepM ? b.v(m) : l.step);
  const clip = spec.clip;
  let inner: Stmt[] = [b.loop(idx[depth - 1]!, ex(spec.loops[depth - 1]!.lo), clip ? b.v(e) : ex(spec.loops[depth - 1]!.hi), step(spec.loops[depth - 1]!), body)];
  if (clip) inner = [b.assign(b.v(e), b.bin("+", b.v(idx[depth - 2]!), b.c(clip.d))), b.iff(b.cmp(">", b.v(e), ex(clip.cap)), [b.assign(b.v(e), ex(clip.cap))]), ...inner];
  if (spec.iv) inner = [b.assign(b.v(k), b.c(spec.iv.init)), ...inner];
  for (let lv = depth - 2; lv >= 0; lv--) {
    const l = spec.loops[lv]!;
    const list = lv === depth - 2 && spec.outer ? [...inner, stmt(spec.outer)] : inner;
    inner = [b.loop(idx[lv]!, ex(l.lo), ex(l.hi), step(l), list)];
  }
  return { proc: b.proc(inner, [a, n, m]), n, m };
}

/** The spec as free-form Fortran source (for the front-end path). */
export function fortranText(spec: NestSpec): string {
  // Parenthesized by precedence: + and - bind looser than * and /.
  const prec = (e: ESpec) => (e.k === "+" || e.k === "-" ? 1 : e.k === "*" || e.k === "/" ? 2 : 3);
  const ex = (e: ESpec, ctx = 0): string => {
    switch (e.k) {
      case "c":
        return e.v < 0 && ctx > 0 ? `(${e.v})` : String(e.v);
      case "i":
        return `i${e.level + 1}`;
      case "s":
        return e.name;
      case "min":
      case "max":
        return `${e.k}(${ex(e.l)}, ${ex(e.r)})`;
      default: {
        const p = prec(e);
        const text = `${ex(e.l, p)} ${e.k} ${ex(e.r, p + 0.5)}`;
        return p < ctx ? `(${text})` : text;
      }
    }
  };
  const ref = (r: RefSpec) => `a(${r.subs.map(ex).join(", ")})`;
  const lines: string[] = [];
  const put = (ind: number, s: string) => lines.push(`${" ".repeat(ind)}${s}`);
  const stmt = (ind: number, s: StmtSpec) => {
    const text = `${ref(s.lhs)} = ${["1.0", ...s.rhs.map(ref)].join(" + ")}`;
    if (s.guard) put(ind, `if (${ex(s.guard.l)} ${s.guard.op} ${ex(s.guard.r)}) ${text}`);
    else put(ind, text);
  };
  put(0, "subroutine p(a, n, m)");
  put(0, "integer n, m, k, e, " + spec.loops.map((_, i) => `i${i + 1}`).join(", "));
  put(0, `real a(${spec.dims.map(([lo, hi]) => `${lo}:${hi === null ? "*" : hi}`).join(", ")})`);
  const depth = spec.loops.length;
  spec.loops.forEach((l, lv) => {
    if (lv === depth - 1 && spec.iv) put(lv * 2, `k = ${spec.iv.init}`);
    if (lv === depth - 1 && spec.clip) put(lv * 2, `e = i${lv} + (${spec.clip.d})`);
    if (lv === depth - 1 && spec.clip) put(lv * 2, `if (e > ${ex(spec.clip.cap)}) e = ${ex(spec.clip.cap)}`);
    put(lv * 2, `do i${lv + 1} = ${ex(l.lo)}, ${lv === depth - 1 && spec.clip ? "e" : ex(l.hi)}, ${l.stepM ? "m" : l.step}`);
  });
  if (spec.iv) put(depth * 2, `k = k + (${spec.iv.step})`);
  for (const s of spec.inner) stmt(depth * 2, s);
  for (let lv = depth - 1; lv >= 0; lv--) {
    put(lv * 2, "end do");
    if (lv === depth - 1 && depth >= 2 && spec.outer) stmt((depth - 1) * 2, spec.outer);
  }
  put(0, "end");
  return lines.join("\n") + "\n";
}

/**
 * The spec as C source (for the C front end): a global array with 0-based
 * dimensions (specs whose lower bounds are 0; `cSpec` makes one), canonical
 * `for` loops, `if` guards.
 */
export function cText(spec: NestSpec): string {
  const prec = (e: ESpec) => (e.k === "+" || e.k === "-" ? 1 : e.k === "*" || e.k === "/" ? 2 : 3);
  const ex = (e: ESpec, ctx = 0): string => {
    switch (e.k) {
      case "c":
        return e.v < 0 && ctx > 0 ? `(${e.v})` : String(e.v);
      case "i":
        return `i${e.level + 1}`;
      case "s":
        return e.name;
      case "min":
      case "max": {
        const [l, r] = [ex(e.l, 1), ex(e.r, 1)];
        return `(${l} ${e.k === "min" ? "<" : ">"} ${r} ? ${l} : ${r})`;
      }
      default: {
        const p = prec(e);
        const text = `${ex(e.l, p)} ${e.k} ${ex(e.r, p + 0.5)}`;
        return p < ctx ? `(${text})` : text;
      }
    }
  };
  const ref = (r: RefSpec) => `a${r.subs.map((x) => `[${ex(x)}]`).join("")}`;
  const lines: string[] = [];
  const put = (ind: number, s: string) => lines.push(`${"  ".repeat(ind)}${s}`);
  const stmt = (ind: number, s: StmtSpec) => {
    const text = `${ref(s.lhs)} = ${["1.0", ...s.rhs.map(ref)].join(" + ")};`;
    if (s.guard) put(ind, `if (${ex(s.guard.l)} ${s.guard.op} ${ex(s.guard.r)}) ${text}`);
    else put(ind, text);
  };
  put(0, `double a${spec.dims.map(([lo, hi]) => `[${(hi ?? lo + 3) - lo + 1}]`).join("")};`);
  put(0, "void p(int n, int m) {");
  put(1, `int k = 0, e = 0, ${spec.loops.map((_, i) => `i${i + 1}`).join(", ")};`);
  const depth = spec.loops.length;
  spec.loops.forEach((l, lv) => {
    if (lv === depth - 1 && spec.iv) put(lv + 1, `k = ${spec.iv.init};`);
    if (lv === depth - 1 && spec.clip) put(lv + 1, `e = i${lv} + ${spec.clip.d < 0 ? `(${spec.clip.d})` : spec.clip.d};`);
    if (lv === depth - 1 && spec.clip) put(lv + 1, `if (e > ${ex(spec.clip.cap)}) e = ${ex(spec.clip.cap)};`);
    const i = `i${lv + 1}`;
    const cmp = l.step > 0 ? "<=" : ">=";
    const inc = l.stepM ? `${i} += m` : l.step === 1 ? `${i}++` : l.step === -1 ? `${i}--` : l.step > 0 ? `${i} += ${l.step}` : `${i} -= ${-l.step}`;
    put(lv + 1, `for (${i} = ${ex(l.lo)}; ${i} ${cmp} ${lv === depth - 1 && spec.clip ? "e" : ex(l.hi)}; ${inc}) {`);
  });
  if (spec.iv) put(depth + 1, `k = k + ${spec.iv.step < 0 ? `(${spec.iv.step})` : spec.iv.step};`);
  for (const s of spec.inner) stmt(depth + 1, s);
  for (let lv = depth - 1; lv >= 0; lv--) {
    put(lv + 1, "}");
    if (lv === depth - 1 && depth >= 2 && spec.outer) stmt(depth, spec.outer);
  }
  put(0, "}");
  return lines.join("\n") + "\n";
}

/** C arrays start at 0, with a known extent in every dimension. */
export function cSpec(spec: NestSpec): NestSpec {
  return { ...spec, dims: spec.dims.map(([lo, hi]) => [0, (hi ?? lo + 3) - lo]) };
}
