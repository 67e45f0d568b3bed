import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { CommonBlock, Procedure, Program } from "../../ir/program.js";
import { SymIds } from "../../ir/symbol.js";
import type { SourceHost } from "../../source/host.js";
import type { Span } from "../../source/span.js";
import { basename, dirname, join } from "../../util/path.js";
import type { FStmt } from "./ast.js";
import { lowerUnit } from "./lower-unit.js";
import { Scope } from "./scope.js";
import { formForPath, readFortranLines, type FortranSourceOptions } from "./source-reader.js";
import { parseStatement } from "./stmt-parser.js";
import type { FortranContext } from "./unit-context.js";
import { hiddenCalls, splitUnits, type FUnit, type HiddenCalls } from "./units.js";
import { phase } from "../../util/phases.js";

/** Reads, parses and lowers one Fortran file to statements grouped in units (no HIR yet). */
export function parseFortranUnits(path: string, text: string, host: SourceHost, opts: FortranSourceOptions, diags: Diagnostic[]) {
  const lines = readFortranLines(path, text, host, opts);
  diags.push(...lines.diagnostics);
  const cache = opts.cache;
  const stmts: FStmt[] = lines.lines.map((ll) => {
    if (!cache || ll.file === path) return parseStatement(ll, lines.form, diags);
    // Lines of an include file are shared through the cache: parse them once per run.
    const hit = cache.stmts.get(ll);
    if (hit) {
      diags.push(...hit.diags);
      return hit.stmt;
    }
    const local: Diagnostic[] = [];
    const stmt = parseStatement(ll, lines.form, local);
    cache.stmts.set(ll, { stmt, diags: local });
    diags.push(...local);
    return stmt;
  });
  const units = splitUnits(stmts, diags);
  return { lines, stmts, units };
}

/**
 * The Fortran front end: text to HIR. Never throws on bad input; problems
 * are diagnostics with positions, and a unit with a construct doall does
 * not model is marked unanalyzable while the rest of the file is lowered.
 */
export function parseFortran(path: string, text: string, host: SourceHost, opts: FortranSourceOptions = {}): Program {
  const diags: Diagnostic[] = [];
  const ids = new SymIds();
  let loops = 0;
  const { lines, units } = phase("read", () => parseFortranUnits(path, text, host, opts, diags));
  const modules = new Map<string, Scope>();
  const hidden: HiddenCalls = { typeBound: false, operators: false, assignment: false };
  hiddenCalls(units, hidden);
  const finder = new ModuleFinder(path, host, opts, ids, hidden);
  const ctx: FortranContext = {
    ids,
    nextLoopId: () => loops++,
    diags,
    findModule: (name, from) => modules.get(name) ?? finder.find(name, from, diags),
    hidden,
  };
  const procedures: Procedure[] = [];
  // Modules first, so USE works whatever the order of units in the file.
  for (const u of units) if (u.kind === "module") modules.set(u.name, lowerUnit(u, ctx, null, undefined, procedures));
  for (const u of units) if (u.kind !== "module") lowerUnit(u, ctx, null, undefined, procedures);
  procedures.sort((a, b) => (a.span.file === b.span.file ? a.span.line - b.span.line : 0));

  const commons = new Map<string, CommonBlock[]>();
  for (const p of procedures) {
    const blocks = new Map<string, CommonBlock>();
    for (const s of p.symbols.values()) {
      if (s.storage !== "common" || s.common === undefined) continue;
      let b = blocks.get(s.common);
      if (!b) blocks.set(s.common, (b = { name: s.common, members: [], span: s.span }));
      b.members.push(s);
    }
    for (const b of blocks.values()) b.members.sort((x, y) => (x.commonIndex ?? 0) - (y.commonIndex ?? 0));
    if (blocks.size) commons.set(p.name, [...blocks.values()]);
  }
  return {
    file: { path, language: "fortran", form: lines.form, includes: lines.includes, directives: lines.directives.map((d) => ({ text: d.text, span: d.span, conditional: d.sentinel === "conditional" })) },
    procedures,
    globals: new Map(),
    commons,
    diagnostics: diags,
    symbolCount: ids.count,
    loopCount: loops,
  };
}

const INTRINSIC_MODULES = new Set(["iso_c_binding", "iso_fortran_env", "ieee_arithmetic", "ieee_exceptions", "ieee_features", "omp_lib", "omp_lib_kinds", "openacc", "mpi", "mpi_f08"]);

/**
 * Finds modules defined in other files (Fortran 90 codes keep each module
 * in its own file, and compilers find them through .mod files). Looks at
 * the Fortran files next to the source and in the include directories for
 * one that defines `module NAME`, and lowers its specification part.
 */
class ModuleFinder {
  private cache = new Map<string, Scope | null>();
  private active = new Set<string>();
  private files: string[] | undefined;

  constructor(
    private readonly path: string,
    private readonly host: SourceHost,
    private readonly opts: FortranSourceOptions,
    private readonly ids: SymIds,
    private readonly hidden?: HiddenCalls,
  ) {}

  find(name: string, from: Span, diags: Diagnostic[]): Scope | undefined {
    // Compiler-provided modules: their procedures are known by name (intrinsics.ts) and
    // any other name they provide is an external procedure; nothing to read.
    if (INTRINSIC_MODULES.has(name)) return undefined;
    const hit = this.cache.get(name);
    if (hit !== undefined) return hit ?? undefined;
    if (this.active.has(name)) return undefined;
    this.active.add(name);
    const scope = this.load(name, from, diags);
    this.active.delete(name);
    this.cache.set(name, scope);
    if (!scope)
      diags.push({ id: "fortran.module-not-found", severity: "warning", message: `module '${name}' was not found next to the file or in the include directories; names it provides are treated as unknown`, span: from });
    return scope ?? undefined;
  }

  private candidates(): string[] {
    if (this.files) return this.files;
    const dirs = [dirname(this.path), ...(this.opts.includeDirs ?? [])];
    const out: string[] = [];
    for (const d of dirs) for (const f of this.host.listDir?.(d) ?? []) if (formForPath(f)) out.push(join(d, f));
    return (this.files = out);
  }

  private load(name: string, from: Span, diags: Diagnostic[]): Scope | null {
    const re = new RegExp(`^\\s*module\\s+${name}\\s*(!.*)?$`, "im");
    // A directory given twice (the file's own, again with -I, spelled another way) lists its files twice:
    // one file of a name and text is one definition.
    const seen = new Set<string>();
    const defining = this.candidates().filter((file) => {
      const text = this.host.readFile(file) ?? "";
      const key = `${basename(file)}\0${text}`;
      if (!re.test(text) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (defining.length > 1) {
      // Codes ship alternatives (NPB 3.4: work_lhs.f90 and work_lhs_blk.f90); a build compiles
      // one. Prefer the file whose name ends like the user's (x_solve_blk.f90 -> *_blk.f90).
      const stem = (p: string) => basename(p).replace(/\.[^.]*$/, "");
      const me = stem(this.path);
      const common = (a: string) => {
        let k = 0;
        while (k < a.length && k < me.length && a[a.length - 1 - k] === me[me.length - 1 - k]) k++;
        return k;
      };
      defining.sort((a, b) => common(stem(b)) - common(stem(a)) || (a < b ? -1 : 1));
      diags.push({ id: "fortran.module-ambiguous", severity: "note", message: `module '${name}' is defined in ${defining.length} files (${defining.map(basename).join(", ")}); using ${basename(defining[0]!)}`, span: from });
    }
    for (const file of defining) {
      const text = this.host.readFile(file)!;
      const scratch: Diagnostic[] = [];
      const { units } = parseFortranUnits(file, text, this.host, { ...this.opts, form: formForPath(file) ?? "free" }, scratch);
      const unit = units.find((u: FUnit) => u.kind === "module" && u.name === name);
      if (!unit) continue;
      // What the module declares reaches its users (a type with bindings, an operator, an assignment).
      if (this.hidden) hiddenCalls([unit], this.hidden);
      const ctx: FortranContext = {
        ids: this.ids,
        nextLoopId: () => 0,
        diags: scratch,
        findModule: (n, sp) => this.find(n, sp, scratch),
      };
      return lowerUnit({ ...unit, contains: [] }, ctx, null, undefined, []);
    }
    return null;
  }
}
