import { markThreadLocals } from "../analysis/thread-locals.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import type { SourceForm } from "../frontend/fortran/logical-line.js";
import type { FortranCache } from "../frontend/fortran/source-reader.js";
import type { CppCache } from "../frontend/cpp/cpp-cache.js";
import type { Program } from "../ir/program.js";
import type { SourceHost } from "../source/host.js";
import { inputKindOf, KNOWN_SUFFIXES } from "./languages.js";
import { preprocess } from "../frontend/cpp/preprocess.js";
import { parseC } from "../frontend/c/parse-c.js";
import { cParserReady } from "../frontend/c/c-parser.js";
import { phase } from "../util/phases.js";

export interface LoadOptions {
  /** Fortran source form, overriding the suffix. */
  form?: SourceForm;
  /** -I directories for INCLUDE / #include. */
  includeDirs?: string[];
  /** -D NAME[=VALUE] (preprocessed inputs). */
  defines?: Map<string, string>;
  /** -U NAME. */
  undefines?: string[];
  /** Reuse of include-file work across the files of one run. */
  fortranCache?: FortranCache;
  /** Reuse of C include files (read and lexed once) across the files of one run. */
  cppCache?: CppCache;
  /** Larger files are refused with an error (default MAX_FILE_BYTES). */
  maxFileBytes?: number;
}

/**
 * Files larger than this are refused: the analyses keep the whole program
 * in memory, about 200 bytes per source byte, and the largest files of NPB
 * are under 100 KB. A limit with a clear message beats a browser tab or a
 * CI job running out of memory (`--max-file-size` raises it).
 */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface Loaded {
  path: string;
  program: Program | null;
  /** Problems reading the file itself (the program's own diagnostics are in program.diagnostics). */
  diagnostics: Diagnostic[];
}

/**
 * Reads one input file and runs the right front end on it. Never throws on bad input.
 * Its time is "lower" but for the reading and parsing the front ends mark as "read".
 */
export function loadProgram(path: string, host: SourceHost, opts: LoadOptions = {}): Loaded {
  const loaded = phase("lower", () => load(path, host, opts));
  // The file's own threadprivate directives (the run's, across files: linkLoaded).
  if (loaded.program) markThreadLocals([loaded.program]);
  return loaded;
}

function load(path: string, host: SourceHost, opts: LoadOptions): Loaded {
  const kind = inputKindOf(path, opts.form);
  if (!kind) {
    // `x.f90:12` (a place, as doall prints them): the loop is chosen with --loop, where a command has it.
    const place = /^(.*):(\d+)(?::\d+)?$/.exec(path);
    const hint = place && inputKindOf(place[1]!, opts.form) ? `; to name a loop, give the file and --loop ${place[2]} (explain, deps)` : "";
    return { path, program: null, diagnostics: [{ id: "input.unknown-suffix", severity: "error", message: `${path}: cannot tell the language from the file name (known suffixes: ${KNOWN_SUFFIXES})${hint}` }] };
  }
  const text = phase("read", () => host.readFile(path));
  if (text === undefined) return { path, program: null, diagnostics: [{ id: "input.unreadable", severity: "error", message: "cannot read the file: no such file, or not a regular file" }] };
  const max = opts.maxFileBytes ?? MAX_FILE_BYTES;
  if (text.length > max) {
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    return { path, program: null, diagnostics: [{ id: "input.too-large", severity: "error", message: `the file is ${mb(text.length)}, over the limit of ${mb(max)}; it is not analyzed (--max-file-size MB raises the limit)` }] };
  }
  if (kind.language === "c") {
    // The C parser loads asynchronously (wasm): a command that did not load it gets no program.
    if (!cParserReady()) return { path, program: null, diagnostics: [{ id: "c.parser-not-ready", severity: "error", message: `${path}: the C parser is not loaded for this command` }] };
    const program = parseC(path, text, host, { includeDirs: opts.includeDirs ?? [], defines: opts.defines ?? new Map(), undefines: opts.undefines ?? [], ...(opts.cppCache ? { cache: opts.cppCache } : {}) });
    return { path, program, diagnostics: [] };
  }
  if (kind.preprocess) return { path, program: parsePreprocessedFortran(path, text, host, kind.form, opts), diagnostics: [] };
  const program = parseFortran(path, text, host, { form: kind.form, includeDirs: opts.includeDirs ?? [], ...(opts.fortranCache ? { cache: opts.fortranCache } : {}) });
  return { path, program, diagnostics: [] };
}

/**
 * .F, .F90: the preprocessor runs first (as gfortran -cpp does), keeping
 * one line per input line, and the Fortran reader maps its positions back.
 */
function parsePreprocessedFortran(path: string, text: string, host: SourceHost, form: SourceForm, opts: LoadOptions): Program {
  const pp = preprocess(path, text, host, { language: "fortran", form, includeDirs: opts.includeDirs ?? [], defines: opts.defines ?? new Map(), undefines: opts.undefines ?? [] });
  // Output cut short by a limit is not read (its error says so): it could be anything.
  const program = parseFortran(path, pp.limitHit ? "" : pp.text, host, { form, includeDirs: opts.includeDirs ?? [], positionMap: { at: (l, c) => pp.map.atLineColumn(l, c) }, ...(opts.fortranCache ? { cache: opts.fortranCache } : {}) });
  program.diagnostics.unshift(...pp.diagnostics);
  program.file.includes = [...pp.includes, ...program.file.includes.filter((f) => !pp.includes.includes(f))];
  return program;
}
