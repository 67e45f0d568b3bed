import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { StatementFunction } from "../../ir/program.js";
import type { Dim, Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";
import { walkExpr } from "../../ir/walk.js";
import type { Span } from "../../source/span.js";
import type { FAttrName, FDimSpec, FEntity, FExpr, FStmt, FTypeSpec } from "./ast.js";
import { lowerExpr } from "./lower-expr.js";
import type { UnitContext } from "./unit-context.js";
import type { Scope } from "./scope.js";
import type { FUnit } from "./units.js";

/** Everything the specification statements say about one name, gathered before symbols are made. */
interface DeclInfo {
  name: string;
  span: Span;
  type?: FTypeSpec;
  charLen?: FExpr | "*" | ":";
  dims?: FDimSpec[];
  attrs: Set<FAttrName>;
  intent?: "in" | "out" | "inout";
  value?: FExpr;
  init?: FExpr;
  common?: { block: string; index: number };
  data?: boolean;
  dummy?: boolean;
  result?: boolean;
  equivalence?: number;
}

/** Statements that execute, i.e. end the specification part. */
const EXECUTABLE = new Set([
  "assign",
  "pointer-assign",
  "if-then",
  "logical-if",
  "arith-if",
  "do",
  "continue",
  "goto",
  "computed-goto",
  "assigned-goto",
  "assign-label",
  "call",
  "return",
  "stop",
  "pause",
  "exit",
  "cycle",
  "io",
  "allocate",
  "nullify",
  "select-case",
  "where",
  "forall",
]);

export function isExecutable(s: FStmt): boolean {
  return EXECUTABLE.has(s.k);
}

/**
 * Pass 1 over a unit: collects the declarations (wherever they appear, as
 * compilers tolerate), recognizes statement functions, then creates the
 * symbols and lowers bounds, kinds and PARAMETER values. Returns the
 * statements that remain for the executable part.
 */
export function declareUnit(unit: FUnit, u: UnitContext, params: { name: string; span: Span }[], resultName: string | undefined): FStmt[] {
  const c = new DeclarationCollector(u);
  for (const p of params) if (p.name !== "*") c.info(p.name, p.span).dummy = true;
  if (resultName) c.info(resultName, unit.header?.span ?? params[0]?.span ?? ({} as Span)).result = true;
  if (unit.header?.k === "function" && unit.header.type) c.info(resultName ?? unit.name, unit.header.span).type = unit.header.type;
  for (const s of unit.stmts) c.statement(s);
  const made = c.createSymbols();
  c.resolveValuesAndBounds(made);
  for (const s of c.stmtFuncDefs) defineStatementFunction(s, u);
  declareNamelists(c.namelists, u);
  u.proc.params = params.map((p) => (p.name === "*" ? null : u.scope.syms.get(p.name) ?? u.scope.implicitSym(p.name, p.span, "dummy"))).filter((x): x is Sym => x !== null);
  for (const p of u.proc.params) if (p.storage !== "dummy" && p.storage !== "procedure") p.storage = "dummy";
  return c.executable;
}

/**
 * The unit's NAMELIST groups, their members resolved as any name is (a
 * local, an implicitly typed one, a module's or a host's), each marked:
 * an I/O statement naming a group reads or writes every member
 * (lower-stmt.ts), and OpenMP allows a member in no private clause
 * (found by fuzzing: a COMMON block made threadprivate though a later
 * `write(*, nml=nl)` read it; `private(x)` that gfortran refused).
 */
function declareNamelists(groups: readonly { name: string; members: string[]; span: Span }[], u: UnitContext): void {
  for (const g of groups) {
    const syms: Sym[] = [];
    for (const m of g.members) {
      const e = lowerExpr({ k: "name", name: m, args: [], span: g.span }, u);
      if (e.kind !== "var") continue;
      e.sym.attrs.namelist = true;
      syms.push(e.sym);
    }
    u.namelists ??= new Map();
    const key = g.name.toLowerCase();
    u.namelists.set(key, [...(u.namelists.get(key) ?? []), ...syms]);
  }
}

/**
 * Gathers what the specification statements say, name by name. Kept as
 * small methods: V8 optimizes small functions much sooner than one large
 * one, and this code runs once per program unit (cold) on big files.
 */
class DeclarationCollector {
  readonly infos = new Map<string, DeclInfo>();
  /** Names of named constants in the order their values are defined (a value may use only earlier ones). */
  readonly paramOrder: string[] = [];
  readonly executable: FStmt[] = [];
  readonly stmtFuncDefs: FStmt[] = [];
  /** NAMELIST groups as written, resolved to symbols once they exist. */
  readonly namelists: { name: string; members: string[]; span: Span }[] = [];
  private seenExec = false;
  private equivGroup = 0;
  private readonly commonCounts = new Map<string, number>();
  private saveAll = false;

  constructor(private readonly u: UnitContext) {}

  info(name: string, span: Span): DeclInfo {
    let d = this.infos.get(name);
    if (!d) {
      d = { name, span, attrs: new Set() };
      this.infos.set(name, d);
    }
    return d;
  }

  statement(s: FStmt): void {
    switch (s.k) {
      case "implicit-none":
        this.u.scope.implicit.fill(null);
        return;
      case "implicit":
        return this.implicit(s);
      case "type-decl":
        return this.typeDecl(s);
      case "attr-stmt":
        for (const ent of s.entities) {
          const d = this.info(ent.name, ent.span);
          d.attrs.add(s.attr);
          if (ent.dims) d.dims = ent.dims;
          if (s.intent) d.intent = s.intent;
        }
        return;
      case "parameter":
        for (const it of s.items) {
          const d = this.info(it.name, it.span);
          d.attrs.add("parameter");
          d.value = it.value;
          this.paramOrder.push(it.name);
        }
        return;
      case "common":
        return this.common(s);
      case "data":
        for (const set of s.sets) for (const o of set.objects) markData(o, (n, sp) => (this.info(n, sp).data = true));
        return;
      case "save":
        if (s.all) this.saveAll = true;
        for (const n of s.names) if (!n.startsWith("/")) this.info(n, s.span).attrs.add("save");
        return;
      case "equivalence":
        for (const g of s.groups) {
          // One storage sequence: `(k, arr(2)), (u, arr(5))` puts k, arr and u together (F2008 5.7.1.4),
          // so a set that names a member of an earlier one joins its group (found by fuzzing: k lost arr).
          const names: { n: string; sp: Span }[] = [];
          for (const o of g) markData(o, (n, sp) => void names.push({ n, sp }));
          const joined = new Set(names.map(({ n }) => this.infos.get(n)?.equivalence).filter((x): x is number => x !== undefined));
          const group = joined.size ? Math.min(...joined) : ++this.equivGroup;
          for (const d of this.infos.values()) if (d.equivalence !== undefined && joined.has(d.equivalence)) d.equivalence = group;
          for (const { n, sp } of names) this.info(n, sp).equivalence = group;
        }
        return;
      case "use":
        importModule(s, this.u);
        return;
      case "namelist":
        for (const g of s.groups) this.namelists.push({ ...g, span: s.span });
        return;
      case "access":
      case "sequence":
      case "import":
      case "module-procedure":
        return;
      case "format":
      case "entry":
        this.executable.push(s);
        return;
      case "assign":
        if (!this.seenExec && isStatementFunction(s, this.infos, this.u.scope)) {
          this.stmtFuncDefs.push(s);
          return;
        }
        this.seenExec = true;
        this.executable.push(s);
        return;
      default:
        if (isExecutable(s)) this.seenExec = true;
        this.executable.push(s);
    }
  }

  private implicit(s: Extract<FStmt, { k: "implicit" }>): void {
    for (const r of s.rules) {
      const t = typeOf(r.type, this.u);
      for (const [a, b] of r.ranges) for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) this.u.scope.implicit[c - 97] = t;
    }
  }

  private typeDecl(s: Extract<FStmt, { k: "type-decl" }>): void {
    for (const ent of s.entities) {
      const d = this.info(ent.name, ent.span);
      d.type = s.type;
      if (ent.charLen !== undefined) d.charLen = ent.charLen;
      if (ent.dims) d.dims = ent.dims;
      if (ent.init) d.init = ent.init;
      if (ent.dataInit) d.data = true;
      for (const a of s.attrs) {
        d.attrs.add(a.name);
        if (a.name === "dimension" && a.dims && !ent.dims) d.dims = a.dims;
        if (a.intent) d.intent = a.intent;
      }
      if (d.attrs.has("parameter") && ent.init) {
        d.value = ent.init;
        this.paramOrder.push(ent.name);
      }
    }
  }

  private common(s: Extract<FStmt, { k: "common" }>): void {
    for (const b of s.blocks) {
      for (const ent of b.entities) {
        const d = this.info(ent.name, ent.span);
        const n = this.commonCounts.get(b.name) ?? 0;
        d.common = { block: b.name, index: n };
        this.commonCounts.set(b.name, n + 1);
        if (ent.dims) d.dims = ent.dims;
      }
    }
  }

  /**
   * Symbols are made in three steps, because declarations refer to each other
   * in any order: (1) here, every symbol with its storage and a provisional
   * type; then (2) the values of named constants in the order they are
   * defined and (3) kinds, character lengths and array bounds, which may use
   * those constants (resolveValuesAndBounds).
   */
  createSymbols(): [DeclInfo, Sym][] {
    const made: [DeclInfo, Sym][] = [];
    for (const d of this.infos.values()) {
      const sym = this.createSymbol(d);
      if (sym) made.push([d, sym]);
    }
    return made;
  }

  private createSymbol(d: DeclInfo): Sym | null {
    const u = this.u;
    const explicit = d.type !== undefined;
    const hostSym = u.scope.parent?.lookup(d.name);
    if (!explicit && !u.scope.implicitType(d.name) && !d.attrs.has("external") && !d.attrs.has("intrinsic") && !hostSym)
      u.ctx.diags.push({ id: "fortran.no-implicit-type", severity: "error", message: `'${d.name}' has no type (IMPLICIT NONE is in effect and it is not declared)`, span: d.span });
    // Redeclaring only an attribute of a host or module entity (e.g. SAVE): keep the host's symbol.
    if (!explicit && hostSym && !d.dummy && !d.result) return null;
    const type: Type = explicit ? provisionalType(d.type!) : (u.scope.implicitType(d.name) ?? { base: "unknown" });
    const storage = d.attrs.has("parameter")
      ? "parameter"
      : d.dummy
        ? "dummy"
        : d.result
          ? "result"
          : d.common
            ? "common"
            : d.attrs.has("external") || d.attrs.has("intrinsic")
              ? "procedure"
              : u.scope.defaultStorage;
    const sym = u.scope.add(d.name, type, storage, d.span, explicit);
    if (d.common) {
      sym.common = d.common.block;
      sym.commonIndex = d.common.index;
    }
    if (d.equivalence !== undefined) sym.equivalence = d.equivalence;
    const a = sym.attrs;
    if (d.attrs.has("save") || this.saveAll || d.data || (d.init && storage !== "parameter")) a.save = true;
    if (d.attrs.has("allocatable")) a.allocatable = true;
    if (d.attrs.has("pointer")) a.pointer = true;
    if (d.attrs.has("target")) a.target = true;
    if (d.attrs.has("external")) a.external = true;
    if (d.attrs.has("intrinsic")) a.intrinsic = true;
    if (d.attrs.has("volatile")) a.volatile = true;
    if (d.attrs.has("parameter")) a.constant = true;
    if (d.data || d.init) a.initialized = true;
    if (d.intent) a.intent = d.intent;
    return sym;
  }

  resolveValuesAndBounds(made: [DeclInfo, Sym][]): void {
    const byName = new Map(made.map(([d, sym]) => [d.name, { d, sym }]));
    for (const name of this.paramOrder) {
      const e = byName.get(name);
      if (!e || !e.d.value) continue;
      this.resolveType(e.d, e.sym);
      e.sym.value = foldKindCalls(lowerExpr(e.d.value, this.u));
    }
    for (const [d, sym] of made) {
      if (!d.attrs.has("parameter")) this.resolveType(d, sym);
      if (d.dims) sym.dims = d.dims.map((x) => lowerDim(x, this.u, sym));
    }
  }

  private resolveType(d: DeclInfo, sym: Sym): void {
    if (d.type) sym.type = typeOf(d.type, this.u);
    if (d.charLen !== undefined && sym.type.base === "character") sym.type = { ...sym.type, ...charLenOf(d.charLen, this.u) };
  }
}

function lowerDim(d: FDimSpec, u: UnitContext, sym: Sym): Dim {
  const lower: Expr = d.lo ? lowerExpr(d.lo, u) : { kind: "int", value: 1, span: d.span, type: { base: "integer", bytes: 4 } };
  if (d.hi === "*") return { lower, upper: null };
  if (d.hi === null) {
    sym.attrs.assumedShape = true;
    return { lower, upper: null };
  }
  return { lower, upper: lowerExpr(d.hi, u) };
}

/** The type before kind expressions can be evaluated (the base, and `*n` sizes). */
function provisionalType(t: FTypeSpec): Type {
  switch (t.base) {
    case "double precision":
      return { base: "real", bytes: 8 };
    case "double complex":
      return { base: "complex", bytes: 16 };
    case "byte":
      return { base: "integer", bytes: 1 };
    case "type":
    case "class":
      return { base: "derived", typeName: t.typeName ?? "?" };
    default:
      return t.bytes ? { base: t.base, bytes: t.bytes } : { base: t.base };
  }
}

/** `integer*8`, `real(kind=8)`, `double precision`, `real(dp)` to an HIR type. */
export function typeOf(t: FTypeSpec, u: UnitContext): Type {
  const kind = t.kind ? evalKind(lowerExpr(t.kind, u)) : undefined;
  switch (t.base) {
    case "integer":
      return { base: "integer", bytes: t.bytes ?? kind ?? 4 };
    case "real":
      return { base: "real", bytes: t.bytes ?? kind ?? 4 };
    case "double precision":
      return { base: "real", bytes: 8 };
    case "complex":
      return { base: "complex", bytes: t.bytes ?? (kind ? kind * 2 : 8) };
    case "double complex":
      return { base: "complex", bytes: 16 };
    case "logical":
      return { base: "logical", bytes: t.bytes ?? kind ?? 4 };
    case "byte":
      return { base: "integer", bytes: 1 };
    case "character":
      return { base: "character", ...(t.len !== undefined ? charLenOf(t.len, u) : { charLen: 1 }) };
    case "type":
    case "class":
      return { base: "derived", typeName: t.typeName ?? "?" };
  }
}

function charLenOf(len: FExpr | "*" | ":", u: UnitContext): { charLen?: number } {
  if (len === "*" || len === ":") return { charLen: -1 };
  const n = evalInt(lowerExpr(len, u));
  return n === undefined ? {} : { charLen: n };
}

/** Value of a kind expression: a literal, a named constant, kind(1.0d0), selected_real_kind(p). */
function evalKind(e: Expr): number | undefined {
  const folded = foldKindCalls(e);
  return evalInt(folded);
}

/** Replaces KIND(x) and SELECTED_*_KIND(p) calls by the kind numbers gfortran uses. */
function foldKindCalls(e: Expr): Expr {
  if (e.kind !== "call" || !e.intrinsic) return e;
  let v: number | undefined;
  if (e.name === "kind" && e.args[0]) v = e.args[0].type?.bytes ?? (e.args[0].type?.base === "integer" ? 4 : undefined);
  else if (e.name === "selected_real_kind") {
    const p = e.args[0] ? evalInt(e.args[0]) : undefined;
    v = p === undefined ? undefined : p <= 6 ? 4 : p <= 15 ? 8 : p <= 18 ? 10 : 16;
  } else if (e.name === "selected_int_kind") {
    const r = e.args[0] ? evalInt(e.args[0]) : undefined;
    v = r === undefined ? undefined : r <= 2 ? 1 : r <= 4 ? 2 : r <= 9 ? 4 : 8;
  }
  return v === undefined ? e : { kind: "int", value: v, span: e.span, type: { base: "integer", bytes: 4 } };
}

function markData(o: FExpr, mark: (name: string, span: Span) => void): void {
  if (o.k === "name") mark(o.name, o.span);
  else if (o.k === "implied-do") for (const it of o.items) markData(it, mark);
  else if (o.k === "paren") markData(o.x, mark);
}

/**
 * `f(x, y) = expr` before the first executable statement, where f is not
 * an array: not one declared here, nor one the unit reaches by USE or from
 * its host (a module procedure's `cnt(k) = cnt(k) + 1` on a module array
 * is an assignment).
 */
function isStatementFunction(s: Extract<FStmt, { k: "assign" }>, infos: Map<string, DeclInfo>, scope: Scope): boolean {
  const l = s.lhs;
  if (l.k !== "name" || l.args.length !== 1) return false;
  const d = infos.get(l.name);
  if (d?.dims || d?.attrs.has("dimension")) return false;
  if (!d && (scope.lookup(l.name)?.dims.length ?? 0) > 0) return false;
  return l.args[0]!.items.every((a) => a.kind === "expr" && a.e.k === "name" && a.e.args.length === 0);
}

function defineStatementFunction(s: FStmt, u: UnitContext): void {
  if (s.k !== "assign" || s.lhs.k !== "name") return;
  const name = s.lhs.name;
  const existing = u.scope.syms.get(name);
  const sym = existing ?? u.scope.add(name, u.scope.implicitType(name) ?? { base: "unknown" }, "procedure", s.lhs.span);
  sym.storage = "procedure";
  sym.attrs.statementFunction = true;
  const params: Sym[] = [];
  const bound = new Map<string, Sym>();
  for (const a of s.lhs.args[0]!.items) {
    if (a.kind !== "expr" || a.e.k !== "name") continue;
    const outer = u.scope.lookup(a.e.name);
    const t = outer?.type ?? u.scope.implicitType(a.e.name) ?? { base: "unknown" as const };
    const p: Sym = { id: u.ctx.ids.fresh(), name: a.e.name, type: t, dims: [], layout: "column-major", storage: "dummy", attrs: {}, span: a.span };
    params.push(p);
    bound.set(a.e.name, p);
  }
  const saved = u.bound;
  u.bound = bound;
  const body = lowerExpr(s.rhs, u);
  u.bound = saved;
  // F77 15.4.1 (and F2008 12.6.4): a statement function may use only the statement functions
  // defined before it. Itself or a later one would make its expansion endless; the analyses
  // cut such a cycle, the error says where it is.
  const misuse = (f: Expr, why: string) => walkExpr(f, (e) => {
    if (e.kind === "call" && e.sym === sym) u.ctx.diags.push({ id: "fortran.stmt-function-order", severity: "error", message: `statement function '${name}' ${why}; a statement function may use only those defined before it`, span: e.span });
  });
  misuse(body, "references itself");
  for (const earlier of u.proc.statementFunctions.values()) misuse(earlier.body, `is used by '${earlier.sym.name}' before its definition (line ${s.span.line})`);
  const sf: StatementFunction = { sym, params, body };
  u.stmtFuncs.set(name, sf);
  u.proc.statementFunctions.set(name, sf);
}

function importModule(s: Extract<FStmt, { k: "use" }>, u: UnitContext): void {
  u.proc.uses.push(s.module);
  const m = u.ctx.findModule(s.module, s.span);
  if (!m) return;
  const renamed = new Map(s.renames.map((r) => [r.remote, r.local]));
  // A procedure (or a name the module's specification part does not show: a module read from another
  // file is lowered without its CONTAINS part) reached under a local name: Procedure.useNames.
  const procedure = (local: string, remote: string, sym: Sym | undefined) => {
    if (sym && sym.storage !== "procedure") return;
    (u.proc.useNames ??= new Map()).set(local.toLowerCase(), { module: s.module.toLowerCase(), remote: remote.toLowerCase() });
  };
  if (s.only) {
    for (const local of s.only) {
      const remote = s.renames.find((r) => r.local === local)?.remote ?? local;
      const sym = m.lookup(remote);
      if (sym) u.scope.syms.set(local, sym);
      if (sym || remote !== local) procedure(local, remote, sym);
    }
    return;
  }
  for (const [name, sym] of m.syms) {
    u.scope.syms.set(renamed.get(name) ?? name, sym);
    procedure(renamed.get(name) ?? name, name, sym);
  }
  for (const r of s.renames) if (!m.lookup(r.remote)) procedure(r.local, r.remote, undefined);
}
