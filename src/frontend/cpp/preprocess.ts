import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { SourceHost } from "../../source/host.js";
import type { Span } from "../../source/span.js";
import { COutput } from "./c-output.js";
import type { CppCache } from "./cpp-cache.js";
import { Conditionals } from "./conditionals.js";
import { Directives, type DirectiveHost, type FileState } from "./directives.js";
import { Expander, type TokenSource } from "./expander.js";
import { expandFortranLine, FortranOutput, isFortranCommentLine, lexFortranLine, type FortranForm } from "./fortran-lines.js";
import { parseDefine, type Macro } from "./macro.js";
import { lexC } from "./pp-lexer.js";
import type { PPToken } from "./pp-token.js";
import type { SourceMap } from "./source-map.js";
import { exactPieces, originAt, traditionalLines } from "./traditional-lines.js";

export interface PreprocessOptions {
  /** "c" lays the tokens out for the C parser; "fortran" keeps lines (for .F, .F90). */
  language?: "c" | "fortran";
  /** Fortran source form: which lines are comments (not expanded). */
  form?: FortranForm;
  /** -I directories, searched after the including file's directory. */
  includeDirs?: string[];
  /** -D NAME[=VALUE]. */
  defines?: Map<string, string>;
  /** -U NAME. */
  undefines?: string[];
  /** Included files read and lexed once per run, shared by the files of the run (cpp-cache.ts). */
  cache?: CppCache;
}

/** A `#pragma` line, kept for the front end (OpenMP directives already in the code). */
export interface PragmaLine {
  /** The text after `#pragma`, e.g. "omp parallel for private(i)". */
  text: string;
  span: Span;
  /** Offset in the output text of the first token after the pragma: the statement it applies to. */
  next: number;
}

export interface PreprocessResult {
  text: string;
  map: SourceMap;
  /** Files pulled in by `#include`, in order of first inclusion. */
  includes: string[];
  /** `#include <...>` headers not found in a -I directory: recorded, not read. */
  systemIncludes: { name: string; span: Span }[];
  pragmas: PragmaLine[];
  diagnostics: Diagnostic[];
  /** The macros defined at the end (for tests and tools). */
  macros: Map<string, Macro>;
  /**
   * A resource limit was hit (expansion tokens, output size, includes): the
   * output is cut short, and the front ends do not parse it (an error says so).
   */
  limitHit: boolean;
}

const CMDLINE = "<command line>";

/**
 * Limits that turn runaway input (a file including itself twice without a
 * guard doubles at every level; macros that double their argument) into an
 * error instead of exhausting memory. Real programs are far below them:
 * the NPB files preprocess to under 1 MB after a few dozen includes.
 */
const MAX_OUTPUT = 8 * 1024 * 1024;
const MAX_INCLUDES = 20000;
/** Inclusions of a file that is already being included (legal with include guards, runaway without). */
const MAX_RECURSIVE_INCLUDES = 100;

/**
 * The C preprocessor doall uses for C and for Fortran named .F/.F90. It
 * never throws: every problem is a diagnostic with the position of the
 * directive or token, and the text produced is the best continuation
 * (an unknown directive is dropped, a failed #if is false).
 */
export function preprocess(path: string, text: string, host: SourceHost, opts: PreprocessOptions = {}): PreprocessResult {
  return new Preprocessor(path, host, opts).run(text);
}

class Preprocessor implements DirectiveHost {
  readonly diags: Diagnostic[] = [];
  readonly macros = new Map<string, Macro>();
  readonly expander: Expander;
  readonly includes: string[] = [];
  readonly systemIncludes: { name: string; span: Span }[] = [];
  readonly pragmas: PragmaLine[] = [];
  readonly fortran: boolean;
  private readonly cOut: COutput;
  private readonly fOut: FortranOutput;
  private readonly directives: Directives;
  readonly conds = new Conditionals();
  private readonly lexCache = new Map<string, PPToken[]>();
  private includeCount = 0;
  private recursiveIncludes = 0;
  private readonly stack: string[] = [];
  /** Set once a limit is hit: the rest of the input is dropped. */
  private stopped = false;

  constructor(
    readonly path: string,
    readonly host: SourceHost,
    readonly opts: PreprocessOptions,
  ) {
    this.fortran = opts.language === "fortran";
    this.expander = new Expander(this.macros, this.diags);
    const origin = { file: path, line: 1, column: 1 };
    this.cOut = new COutput(origin);
    this.fOut = new FortranOutput(origin);
    this.directives = new Directives(this);
  }

  run(text: string): PreprocessResult {
    this.predefine();
    this.processFile(this.path, text, 0);
    const out = this.fortran ? this.fOut.finish() : this.cOut.finish();
    return {
      text: out,
      map: this.fortran ? this.fOut.map : this.cOut.map,
      includes: this.includes,
      systemIncludes: this.systemIncludes,
      pragmas: this.pragmas,
      diagnostics: this.diags,
      macros: this.macros,
      limitHit: this.stopped || this.expander.exhausted,
    };
  }

  private predefine(): void {
    const dyn = (name: string, dynamic: Macro["dynamic"]) => this.macros.set(name, { name, params: null, variadic: false, body: [], span: null, dynamic });
    dyn("__FILE__", "file");
    dyn("__LINE__", "line");
    dyn("__COUNTER__", "counter");
    const lines = this.fortran ? [] : ["__STDC__ 1", "__STDC_VERSION__ 199901L", "__STDC_HOSTED__ 1"];
    // doall's output is compiled with OpenMP, which defines _OPENMP (gcc 12: 201511, OpenMP 4.5): the code
    // under `#ifdef _OPENMP` is what runs, so it is what is analyzed (-U_OPENMP reads the other branch).
    lines.push("_OPENMP 201511");
    // gfortran -cpp names itself (gfortran 12), and doall's Fortran output is compiled by it: the branch
    // of `#ifdef __GFORTRAN__` it compiles is the one analyzed, and where directives go (found by fuzzing:
    // a threadprivate directive landed in the #else branch, and the unit ran without it).
    if (this.fortran) lines.push("__GFORTRAN__ 1", "__GNUC__ 12", "__GNUC_MINOR__ 2", "__GNUC_PATCHLEVEL__ 0");
    // Fixed, so that output does not depend on when doall ran.
    lines.push('__DATE__ "Jan  1 1970"', '__TIME__ "00:00:00"');
    for (const l of lines) this.defineText(l, null);
    for (const [name, value] of this.opts.defines ?? []) this.defineText(`${name} ${value}`, null);
    for (const name of this.opts.undefines ?? []) this.macros.delete(name);
  }

  /** Defines a macro from `NAME BODY` text (built-ins, -D, known system headers). */
  defineText(line: string, file: string | null): void {
    const toks = lexC(line, file ?? CMDLINE).tokens;
    const m = parseDefine(toks, { file: CMDLINE, line: 1, column: 1, endLine: 1, endColumn: 1 }, this.diags);
    if (m) this.macros.set(m.name, { ...m, span: null });
  }

  /** The tokens of a file; its lexer diagnostics are reported the first time it is lexed in this run. */
  private lexed(path: string, text: string, depth: number): PPToken[] {
    let toks = this.lexCache.get(path);
    if (!toks) {
      // Included files through the run's cache; the input file is read once per run anyway.
      const r = depth > 0 && this.opts.cache ? this.opts.cache.lex(path, text) : lexC(text, path);
      this.diags.push(...r.diagnostics);
      this.lexCache.set(path, (toks = r.tokens));
    }
    return toks;
  }

  /** Whether output may continue; reports (once) when a limit is hit. */
  withinLimits(at: Span): boolean {
    if (this.stopped || this.expander.exhausted) return false;
    const size = this.fortran ? this.fOut.length : this.cOut.length;
    if (size <= MAX_OUTPUT && this.includeCount <= MAX_INCLUDES && this.recursiveIncludes <= MAX_RECURSIVE_INCLUDES) return true;
    this.stopped = true;
    this.diags.push({
      id: "cpp.too-large",
      severity: "error",
      message:
        size > MAX_OUTPUT
          ? `preprocessing produced more than ${MAX_OUTPUT >> 20} MB of text (runaway macro or #include); the rest is ignored`
          : this.recursiveIncludes > MAX_RECURSIVE_INCLUDES
            ? `a file includes itself more than ${MAX_RECURSIVE_INCLUDES} times (no include guard?); the rest is ignored`
            : `more than ${MAX_INCLUDES} #include operations; the rest is ignored`,
      span: at,
    });
    return false;
  }

  /** Preprocesses one file (the input or an included one) into the output. */
  processFile(path: string, text: string, depth: number): void {
    if (depth > 0 && ++this.includeCount > MAX_INCLUDES) return;
    if (this.stack.includes(path)) this.recursiveIncludes++;
    if (!this.withinLimits({ file: path, line: 1, column: 1, endLine: 1, endColumn: 1 })) return;
    this.stack.push(path);
    const base = this.conds.depth;
    if (this.fortran) this.processFortran(path, text, depth);
    else this.processC(path, text, depth);
    this.conds.closeFile(base, this.diags);
    this.stack.pop();
  }

  private processC(path: string, text: string, depth: number): void {
    const toks = this.lexed(path, text, depth);
    const file: FileState = { path, depth, lineDelta: 0, name: path, condBase: this.conds.depth };
    let i = 0;
    const adjust = (t: PPToken): PPToken => (file.lineDelta === 0 && file.name === path ? t : { ...t, line: t.line + file.lineDelta, file: file.name });
    while (i < toks.length) {
      const t = toks[i]!;
      if (this.stopped) return;
      if (t.bol && t.text === "#" && t.kind === "punct") {
        let j = i + 1;
        while (j < toks.length && !toks[j]!.bol) j++;
        const line = toks.slice(i, j).map(adjust);
        this.cOut.newline();
        this.directives.handle(line, file);
        i = j;
        continue;
      }
      if (!this.conds.active) {
        i++;
        while (i < toks.length && !(toks[i]!.bol && toks[i]!.text === "#")) i++;
        continue;
      }
      // A run of text up to the next directive line, expanded as one stream.
      const src: TokenSource = {
        next: () => {
          const x = toks[i];
          if (!x || (x.bol && x.text === "#" && x.kind === "punct")) return undefined;
          i++;
          return adjust(x);
        },
        peek: () => {
          const x = toks[i];
          return !x || (x.bol && x.text === "#" && x.kind === "punct") ? undefined : x;
        },
      };
      const next = this.expander.stream(src);
      let n = 0;
      for (let x = next(); x; x = next()) {
        if ((++n & 1023) === 0 && !this.withinLimits({ file: x.file, line: x.line, column: x.column, endLine: x.line, endColumn: x.column + 1 })) return;
        if (x.unterminated) this.diags.push({ id: "cpp.unterminated-literal", severity: "error", message: `missing terminating ${x.kind === "char" ? "'" : '"'} character`, span: { file: x.file, line: x.line, column: x.column, endLine: x.line, endColumn: x.column + x.text.length } });
        this.cOut.token(x);
      }
    }
  }

  private processFortran(path: string, text: string, depth: number): void {
    const form = this.opts.form ?? "free";
    // Backslash-newlines and C comments first, as gfortran's traditional cpp does (traditional-lines.ts).
    const { lines, diagnostics } = traditionalLines(text, path);
    this.diags.push(...diagnostics);
    // A header's final newline ends its last line; it does not add an empty one (as in gfortran -cpp -E).
    if (depth > 0 && lines.length > 1 && text.endsWith("\n")) lines.pop();
    const file: FileState = { path, depth, lineDelta: 0, name: path, condBase: this.conds.depth };
    for (let n = 0; n < lines.length; n++) {
      if (!this.withinLimits({ file: path, line: n + 1, column: 1, endLine: n + 1, endColumn: 1 })) return;
      const line = lines[n]!;
      const raw = line.text;
      const origin = originAt(line, 0, file.name, file.lineDelta);
      if (/^\s*#/.test(raw)) {
        // `//` is Fortran's concatenation, not a comment, in directives too: `#define M 7 // x` keeps it.
        const toks = lexC(raw, path, { lineComments: false }).tokens.map((t) => ({ ...t, ...originAt(line, t.column - 1, file.name, file.lineDelta) }));
        this.fOut.blank(origin);
        this.directives.handle(toks, file);
        continue;
      }
      if (!this.conds.active) {
        this.fOut.blank(origin);
        continue;
      }
      const exact = () => this.fOut.line(exactPieces(line, 0, raw.length, file.name, file.lineDelta));
      if (isFortranCommentLine(raw, form)) {
        exact();
        continue;
      }
      const toks = lexFortranLine(raw, file.name, origin.line, form);
      if (!toks.some((t) => t.kind === "ident" && this.macros.has(t.text))) {
        exact();
        continue;
      }
      expandFortranLine(raw, toks, this.expander, this.fOut, (from, to) => exactPieces(line, from, to, file.name, file.lineDelta), (at) => originAt(line, at, file.name, file.lineDelta));
    }
  }

  /** The text of a file an #include names (undefined: none there), through the run's cache when there is one. */
  readInclude(path: string): string | undefined {
    return this.opts.cache ? this.opts.cache.read(this.host, path) : this.host.readFile(path);
  }

  /** Pragmas attach to the next token written (C only). */
  addPragma(text: string, span: Span): void {
    if (this.fortran) return;
    const p: PragmaLine = { text, span, next: -1 };
    this.pragmas.push(p);
    this.cOut.onNextToken((off) => (p.next = off));
  }
}
