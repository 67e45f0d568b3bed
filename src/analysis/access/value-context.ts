import type { Expr } from "../../ir/expr.js";
import { ExprMap } from "../../ir/expr-map.js";
import { printExpr } from "../../ir/print.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { affineOf, variable, type Affine } from "../symbolic/affine.js";
import { defsOf, defsOfStmt, mayDefine, sideEffectsBefore, unionDefs, UNKNOWN_CALLEES, type CallEffects, type DefSet } from "./defs.js";
import type { ChainEntry, NestLevel } from "./ref-sites.js";

/**
 * The affine forms access patterns compute with: subscripts, bounds, Start
 * and Num are affine in the loop indices and in symbols, each standing for a
 * value that is fixed while a given loop runs.
 *
 * - A scalar assigned inside the nest is replaced by its value when one
 *   assignment reaches the reference unchanged (`i1 = i + 1` before
 *   `lhs(i1, j)`): the "constant propagation and variable expansion" the
 *   paper applies before its experiment (§4.1).
 * - A non-affine integer expression without side effects becomes an opaque
 *   symbol named after its text (`grid_points(1)`, `n1*n2`, `rowstr(j)`).
 *
 * Whether a symbol is fixed is decided per loop (changingTerm): `rowstr(j)`
 * is fixed in the k loop but not in the j loop. So a reference whose inner
 * loop has such bounds gets its inner levels, and stops where the value
 * starts to change.
 */
export interface ValueSite {
  chain: readonly ChainEntry[];
  levels: readonly NestLevel[];
}

interface OpaqueTerm {
  sym: Sym;
  expr: Expr;
  deps: Sym[];
}

const MAX_DEPTH = 8;

export class ValueContext {
  private readonly opaque = new ExprMap<OpaqueTerm>();
  private readonly opaqueById = new Map<number, OpaqueTerm>();
  private readonly levelDefs = new Map<NestLevel, DefSet>();

  /** `freshId` numbers the opaque symbols (above the program's own symbol ids). */
  constructor(
    private readonly freshId: () => number,
    private readonly targets: ReadonlySet<string>,
    private readonly nameOf: (e: Expr) => string = printExpr,
    private readonly effects: CallEffects = UNKNOWN_CALLEES,
  ) {}

  /** What one execution of the level may change, its own index included. */
  defsOfLevel(level: NestLevel): DefSet {
    let d = this.levelDefs.get(level);
    if (!d) {
      d = defsOf(level.stmts, level.items, level.index ? [level.index] : [], level.itemsDefined);
      this.levelDefs.set(level, d);
    }
    return d;
  }

  /** The affine form of `e` where `site` evaluates it, or undefined. */
  affineAt(e: Expr, site: ValueSite, depth = 0): Affine | undefined {
    return affineOf(e, {
      resolve: (s) => {
        if (site.levels.some((l) => l.index?.id === s.id && (l.kind === "do" || l.kind === "implied-do"))) return undefined;
        const outer = site.levels[0];
        if (outer && mayDefine(this.defsOfLevel(outer), s, this.effects)) return this.forwardValue(s, site, depth);
        return undefined;
      },
      opaque: (x) => {
        const t = this.opaqueFor(x);
        return t && variable(t.sym);
      },
    });
  }

  /** A symbol standing for a side-effect-free integer expression (undefined when it has side effects). */
  opaqueSym(e: Expr): Sym | undefined {
    return this.opaqueFor(e)?.sym;
  }

  /** The variables a term's value depends on: itself, or what an opaque term reads. */
  depsOf(s: Sym): readonly Sym[] {
    return this.opaqueById.get(s.id)?.deps ?? [s];
  }

  /** The expression an opaque term stands for. */
  opaqueExpr(s: Sym): Expr | undefined {
    return this.opaqueById.get(s.id)?.expr;
  }

  /** A term of `a` whose value may change while `level` runs (terms in `except` are allowed to). */
  changingTerm(a: Affine, level: NestLevel, except: readonly Sym[] = []): Sym | undefined {
    const defs = this.defsOfLevel(level);
    for (const t of a.terms) {
      if (except.some((x) => x.id === t.sym.id)) continue;
      if (this.depsOf(t.sym).some((d) => mayDefine(defs, d, this.effects))) return t.sym;
    }
    return undefined;
  }

  /**
   * The value of scalar `s` at `site` when a single assignment `s = e`
   * reaches it: found walking back from the site through the enclosing
   * statement lists; every statement passed must not define s, a loop left
   * on the way up must not define s at all (else the value may come from the
   * previous iteration), no label jumped to may lie in between, and what e
   * reads must not change between the assignment and the site.
   */
  private forwardValue(s: Sym, site: ValueSite, depth: number): Affine | undefined {
    if (depth >= MAX_DEPTH) return undefined;
    const chain = site.chain;
    for (let k = chain.length - 1; k >= 0; k--) {
      const { block, index } = chain[k]!;
      if (this.isTarget(block[index]!.label)) return undefined;
      for (let p = index - 1; p >= 0; p--) {
        const st = block[p]!;
        if (!mayDefine(defsOfStmt(st), s, this.effects)) {
          if (this.isTarget(st.label)) return undefined;
          continue;
        }
        if (st.kind !== "assign" || st.lhs.kind !== "var" || st.lhs.sym.id !== s.id) return undefined;
        const v = this.affineAt(st.rhs, { chain: [...chain.slice(0, k), { block, index: p }], levels: site.levels }, depth + 1);
        if (!v) return undefined;
        // The statement holding the reference changes things only after evaluating it (a CALL, an assignment).
        const holder = k === chain.length - 1 ? sideEffectsBefore(block[index]!) : defsOfStmt(block[index]!);
        const between = unionDefs(defsOf(block.slice(p + 1, index)), holder);
        for (const t of v.terms) for (const d of this.depsOf(t.sym)) if (d.id === s.id || mayDefine(between, d, this.effects)) return undefined;
        return v;
      }
      if (k > 0) {
        const owner = chain[k - 1]!.block[chain[k - 1]!.index]!;
        if (owner.kind === "loop" && mayDefine(defsOfStmt(owner), s, this.effects)) return undefined;
      }
    }
    return undefined;
  }

  private isTarget(label: string | undefined): boolean {
    return label !== undefined && this.targets.has(label);
  }

  /** An opaque symbol for a side-effect-free integer expression, shared by expressions equal by structure (named by its text). */
  private opaqueFor(e: Expr): OpaqueTerm | undefined {
    if (!isIntegerExpr(e)) return undefined;
    const deps = new Map<number, Sym>();
    let pure = true;
    walkExpr(e, (x) => {
      switch (x.kind) {
        case "var":
        case "elem":
        case "section":
          if (x.sym.storage !== "parameter") deps.set(x.sym.id, x.sym);
          return;
        case "call":
          if (!((x.intrinsic && x.pure) || x.sym?.attrs.statementFunction)) pure = false;
          return;
        case "assign-expr":
        case "deref":
        case "addr":
        case "implied-do":
        case "array-ctor":
        case "unknown":
          pure = false;
          return;
        default:
          return;
      }
    });
    if (!pure) return undefined;
    let t = this.opaque.get(e);
    if (!t) {
      const name = this.nameOf(e);
      const sym: Sym = { id: this.freshId(), name, type: { base: "integer" }, dims: [], layout: "column-major", storage: "local", attrs: {}, span: e.span };
      t = { sym, expr: e, deps: [...deps.values()] };
      this.opaque.set(e, t);
      this.opaqueById.set(sym.id, t);
    }
    return t;
  }
}

function isIntegerExpr(e: Expr): boolean {
  if (e.type) return e.type.base === "integer";
  switch (e.kind) {
    case "int":
      return true;
    case "var":
    case "elem":
      return e.sym.type.base === "integer";
    case "unary":
      return isIntegerExpr(e.operand);
    case "binary":
      return ["+", "-", "*", "/", "%"].includes(e.op) && isIntegerExpr(e.left) && isIntegerExpr(e.right);
    default:
      return false;
  }
}
