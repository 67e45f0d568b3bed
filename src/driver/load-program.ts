import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import type { SourceForm } from "../frontend/fortran/logical-line.js";
import type { FortranCache } from "../frontend/fortran/source-reader.js";
import type { Program } from "../ir/program.js";
import type { SourceHost } from "../source/host.js";
import { inputKindOf, KNOWN_SUFFIXES } from "./languages.js";

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
}

export interface Loaded {
  path: string;
  program: Program | null;
  /** Problems reading the file itself (the program's own diagnostics are in program.diagnostics). */
  diagnostics: Diagnostic[];
}

/** Reads one input file and runs the right front end on it. Never throws on bad input. */
export function loadProgram(path: string, host: SourceHost, opts: LoadOptions = {}): Loaded {
  const kind = inputKindOf(path, opts.form);
  if (!kind) {
    return { path, program: null, diagnostics: [{ id: "input.unknown-suffix", severity: "error", message: `${path}: cannot tell the language from the file name (known suffixes: ${KNOWN_SUFFIXES})` }] };
  }
  const text = host.readFile(path);
  if (text === undefined) return { path, program: null, diagnostics: [{ id: "input.unreadable", severity: "error", message: `${path}: cannot read the file` }] };
  if (kind.language === "c") {
    return { path, program: null, diagnostics: [{ id: "input.c-unsupported", severity: "error", message: `${path}: C input is not supported yet` }] };
  }
  if (kind.preprocess) {
    return { path, program: null, diagnostics: [{ id: "input.cpp-unsupported", severity: "error", message: `${path}: preprocessed Fortran (.F, .F90) is not supported yet` }] };
  }
  const program = parseFortran(path, text, host, { form: kind.form, includeDirs: opts.includeDirs ?? [], ...(opts.fortranCache ? { cache: opts.fortranCache } : {}) });
  return { path, program, diagnostics: [] };
}
