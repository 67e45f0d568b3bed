import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { SourceHost } from "../../source/host.js";
import { dirname, extname, resolveFrom } from "../../util/path.js";
import { splitFixedForm, type SplitResult } from "./fixed-form.js";
import { splitFreeForm } from "./free-form.js";
import { lineSpan, type DirectiveLine, type LogicalLine, type SourceForm } from "./logical-line.js";
import { remapSplit, type PositionMap } from "./remap-positions.js";

/** Source form by file suffix: .f .for .f77 .ftn (and upper case) are fixed, .f90 and later free. */
export function formForPath(path: string): SourceForm | undefined {
  const ext = extname(path).toLowerCase();
  if ([".f", ".for", ".f77", ".ftn", ".fpp"].includes(ext)) return "fixed";
  if ([".f90", ".f95", ".f03", ".f08", ".f18"].includes(ext)) return "free";
  return undefined;
}

export interface FortranSourceOptions {
  form?: SourceForm;
  /** Directories searched for INCLUDE files after the including file's own directory. */
  includeDirs?: string[];
  /**
   * Shared across the files of one run: an include file (NPB's header.h is
   * included by every file of a benchmark) is split and parsed once.
   */
  cache?: FortranCache;
  /**
   * Set when `text` is the output of the preprocessor (.F, .F90): maps its
   * positions back to the original files. Files named by INCLUDE lines are
   * read as they are, as compilers do.
   */
  positionMap?: PositionMap;
}

/** Split lines of include files, and parsed statements by logical line, reused within one run. */
export class FortranCache {
  readonly splits = new Map<string, SplitResult>();
  readonly stmts = new WeakMap<LogicalLine, { stmt: import("./ast.js").FStmt; diags: Diagnostic[] }>();
}

export interface FortranLines {
  form: SourceForm;
  lines: LogicalLine[];
  directives: DirectiveLine[];
  includes: string[];
  diagnostics: Diagnostic[];
}

const INCLUDE_RE = /^\s*include\s*(['"])(.*)\1\s*$/i;
const MAX_INCLUDE_DEPTH = 32;

/**
 * Reads a Fortran file into logical lines, with INCLUDE lines replaced by
 * the included file's lines (resolved relative to the including file, then
 * in `includeDirs`). Included lines keep their own file in their spans.
 */
export function readFortranLines(path: string, text: string, host: SourceHost, opts: FortranSourceOptions = {}): FortranLines {
  const form = opts.form ?? formForPath(path) ?? "fixed";
  const out: FortranLines = { form, lines: [], directives: [], includes: [], diagnostics: [] };
  expand(path, text, form, host, opts.includeDirs ?? [], out, [path], opts.cache, opts.positionMap);
  return out;
}

function split(path: string, text: string, form: SourceForm, cache: FortranCache | undefined, isInclude: boolean): SplitResult {
  const key = `${form}\0${path}`;
  const hit = isInclude ? cache?.splits.get(key) : undefined;
  if (hit) return hit;
  const r = form === "fixed" ? splitFixedForm(text, path) : splitFreeForm(text, path);
  if (isInclude) cache?.splits.set(key, r);
  return r;
}

function expand(path: string, text: string, form: SourceForm, host: SourceHost, dirs: string[], out: FortranLines, stack: string[], cache: FortranCache | undefined, positionMap?: PositionMap): void {
  const split_ = split(path, text, form, cache, stack.length > 1);
  // Only the preprocessed file itself is remapped (it is never cached; INCLUDEd files are read as they are).
  if (positionMap && stack.length === 1) remapSplit(split_, positionMap);
  out.diagnostics.push(...split_.diagnostics);
  out.directives.push(...split_.directives);
  for (const ll of split_.lines) {
    const m = INCLUDE_RE.exec(ll.text);
    if (!m) {
      out.lines.push(ll);
      continue;
    }
    const name = m[2]!;
    const span = lineSpan(ll);
    if (stack.length > MAX_INCLUDE_DEPTH) {
      out.diagnostics.push({ id: "include.too-deep", severity: "error", message: `includes nested more than ${MAX_INCLUDE_DEPTH} deep`, span });
      continue;
    }
    const candidates = [resolveFrom(dirname(path), name), ...dirs.map((d) => resolveFrom(d, name))];
    let found: { file: string; text: string } | undefined;
    for (const c of candidates) {
      const t = host.readFile(c);
      if (t !== undefined) {
        found = { file: c, text: t };
        break;
      }
    }
    // The OpenMP runtime's own header (`include 'omp_lib.h'`, usually on a `!$` line): its routines are library
    // routines doall knows by name, as with `use omp_lib`.
    if (!found && /(^|\/)omp_lib\.h$/i.test(name)) continue;
    if (!found) {
      out.diagnostics.push({ id: "include.not-found", severity: "error", message: `cannot find include file '${name}' (searched ${candidates.join(", ")})`, span });
      continue;
    }
    if (stack.includes(found.file)) {
      out.diagnostics.push({ id: "include.cycle", severity: "error", message: `'${name}' includes itself (through ${stack.join(" -> ")})`, span });
      continue;
    }
    if (!out.includes.includes(found.file)) out.includes.push(found.file);
    // Directives right before the INCLUDE line belong to the first included statement
    // (a copy: included lines are shared through the cache).
    const before = out.lines.length;
    expand(found.file, found.text, form, host, dirs, out, [...stack, found.file], cache);
    if (ll.directivesBefore && out.lines.length > before) {
      const first = out.lines[before]!;
      out.lines[before] = { ...first, directivesBefore: [...ll.directivesBefore, ...(first.directivesBefore ?? [])] };
    }
  }
}
