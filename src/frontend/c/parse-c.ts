import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Procedure, Program } from "../../ir/program.js";
import { SymIds } from "../../ir/symbol.js";
import { collectLoops } from "../../ir/walk.js";
import type { SourceHost } from "../../source/host.js";
import type { CppCache } from "../cpp/cpp-cache.js";
import { preprocess } from "../cpp/preprocess.js";
import { CScope, type CContext } from "./c-context.js";
import { syntaxErrors } from "./c-errors.js";
import { cParserReady, parseCSyntax } from "./c-parser.js";
import type { CNode } from "./c-syntax.js";
import { insertImplicitInt, unshift, type Insertions } from "./implicit-int.js";
import { lowerTranslationUnit } from "./lower-c-unit.js";
import { substituteTypedefs, typedefUses } from "./typedef-names.js";
import { phase } from "../../util/phases.js";

export interface COptions {
  /** -I directories, searched after the including file's directory. */
  includeDirs?: string[];
  /** -D NAME[=VALUE]. */
  defines?: Map<string, string>;
  /** -U NAME. */
  undefines?: string[];
  /** Included files read and lexed once per run (cpp-cache.ts). */
  cache?: CppCache;
}

/**
 * The C front end: preprocess, parse with tree-sitter, lower to the HIR.
 * Never throws on bad input: preprocessor problems, syntax errors and
 * undeclared names are diagnostics with positions in the original files,
 * and a function with a syntax error is lowered as far as it goes and
 * marked unanalyzable. Needs `initCParser` to have completed.
 */
export function parseC(path: string, text: string, host: SourceHost, opts: COptions = {}): Program {
  const ids = new SymIds();
  let loops = 0;
  const pp = phase("read", () => preprocess(path, text, host, { language: "c", includeDirs: opts.includeDirs ?? [], defines: opts.defines ?? new Map(), undefines: opts.undefines ?? [], ...(opts.cache ? { cache: opts.cache } : {}) }));
  const diags: Diagnostic[] = [...pp.diagnostics];
  const program: Program = {
    file: {
      path,
      language: "c",
      includes: pp.includes,
      directives: pp.pragmas.filter((p) => /^omp\b/.test(p.text)).map((p) => ({ text: p.text.replace(/^omp\s*/, ""), span: p.span })),
    },
    procedures: [],
    globals: new Map(),
    commons: new Map(),
    diagnostics: diags,
    symbolCount: 0,
    loopCount: 0,
  };
  // Output cut short by a limit (a runaway macro, 8 MB of text) is not parsed: the
  // preprocessor's error says why, and parsing a million-token line is the hang it prevents.
  if (pp.limitHit) return program;
  if (!cParserReady()) {
    diags.push({ id: "c.parser-not-ready", severity: "error", message: `${path}: the C parser is not loaded for this command (callers must await initCParser first)` });
    return program;
  }
  const procedures: Procedure[] = [];
  try {
    const { ins, root, typedefAt, hasError } = phase("read", () => parseTree(pp.text));
    const c: CContext = {
      typedefAt,
      text: ins.text,
      map: pp.map,
      pos: unshift(ins),
      ids,
      diags,
      nextLoopId: () => loops++,
      fileScope: new CScope(null),
      globals: program.globals,
      structs: new Map(),
      pragmas: pp.pragmas,
      ctypes: new Map(),
      anon: 0,
      systemHeaders: pp.systemIncludes.length > 0,
      syntaxError: hasError,
    };
    // A tree without ERROR or missing nodes has nothing to report: not walked again.
    if (hasError) diags.push(...syntaxErrors(c, root));
    lowerTranslationUnit(c, root, procedures);
  } catch (e) {
    // A bug in doall, or input nested deeper than the stack: still a diagnostic, never a crash.
    const deep = e instanceof RangeError;
    diags.push({
      id: deep ? "c.too-deep" : "c.internal",
      severity: "error",
      message: deep ? `${path}: the program is nested too deeply for doall to read` : `${path}: internal error in the C front end: ${(e as Error).message ?? e}`,
      span: { file: path, line: 1, column: 1, endLine: 1, endColumn: 1 },
    });
  }
  markSharedLines(path, text, procedures);
  for (const p of procedures) p.fileGlobals = program.globals;
  program.procedures = procedures;
  program.symbolCount = ids.count;
  program.loopCount = loops;
  return program;
}

/** Tree-sitter's tree of the preprocessed text, parsed again where implicit int or typedef names misled it. */
function parseTree(text: string): { ins: Insertions; root: CNode; typedefAt: Map<number, string>; hasError: boolean } {
  let ins: Insertions = { text, at: [] };
  let { root, hasError } = parseCSyntax(text);
  if (hasError) {
    const fixed = insertImplicitInt(text);
    if (fixed.at.length) {
      ins = fixed;
      ({ root, hasError } = parseCSyntax(fixed.text));
    }
  }
  // Typedef names read as identifiers: parse again with them marked as types (typedef-names.ts).
  let typedefAt = new Map<number, string>();
  const td = typedefUses(root, ins.text);
  if (td.misread) {
    const sub = substituteTypedefs(ins.text, td.names, td.declaredAt);
    if (sub.at.size) {
      ins = { text: sub.text, at: ins.at };
      typedefAt = sub.at;
      ({ root, hasError } = parseCSyntax(sub.text));
    }
  }
  return { ins, root, typedefAt, hasError };
}

/**
 * A `for` that does not start its line (`x = 0; for (...)`) has no room for
 * a pragma line before it without splitting the user's line, which doall
 * does not do (Loop.sharesLine).
 */
function markSharedLines(path: string, text: string, procedures: Procedure[]): void {
  let starts: number[] | undefined;
  for (const p of procedures)
    for (const { loop } of collectLoops(p.body)) {
      if (loop.span.file !== path) continue;
      starts ??= lineStarts(text);
      const from = starts[loop.span.line - 1];
      if (from !== undefined && text.slice(from, from + loop.span.column - 1).trim() !== "") loop.sharesLine = { first: true };
      // The line before ends with a backslash: the for continues it, and a line put between would be joined to
      // it (found by fuzzing: `long s = 0; \` then the pragma, which was no preprocessor line any more).
      const prev = starts[loop.span.line - 2];
      if (from !== undefined && prev !== undefined && /\\\r?\n$/.test(text.slice(prev, from))) loop.sharesLine = { ...loop.sharesLine, first: true };
      // A loop a macro expands to (`LOOP(a, n);`): the text there is the macro's use, not its for. A pragma
      // before it binds to the first loop of the expansion, whichever that is, and names what it declares.
      if (from !== undefined && !/^(for|while|do)\b/.test(text.slice(from + loop.span.column - 1, from + loop.span.column + 5))) loop.sharesLine = { ...loop.sharesLine, first: true, macro: true };
    }
}

function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) out.push(i + 1);
  return out;
}
