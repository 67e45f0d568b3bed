import type { AnalysisOptions } from "../analysis/analysis-options.js";
import type { LoadOptions } from "../driver/load-program.js";
import { FortranCache } from "../frontend/fortran/source-reader.js";
import { CppCache } from "../frontend/cpp/cpp-cache.js";
import type { SourceHost } from "../source/host.js";

/**
 * The options of `parallelize`, `analyze` and `explain`: those of the CLI
 * (`-I`, `-D`, `-U`, `--form`, `--no-bounds-assumption`,
 * `--max-file-size`), with its defaults.
 */
export interface Options {
  /** `-I DIR`: where INCLUDE 'file' and #include "file" are looked for after the including file's directory. Default: none. */
  includeDirs?: string[];
  /** `-D NAME=VALUE` for C and preprocessed Fortran (.F, .F90); `-D NAME` is `{ NAME: "1" }`. Default: none. */
  defines?: Record<string, string>;
  /** `-U NAME`. Default: none. */
  undefines?: string[];
  /** `--form`: the Fortran source form of every Fortran file. Default: by suffix (.f, .for, .f77 fixed; .f90 and later free). */
  form?: "fixed" | "free";
  /**
   * Assume subscripts stay within the declared bounds (seed 003); default
   * true. `false` is `--no-bounds-assumption`, for old code that indexes
   * out of bounds on purpose.
   */
  boundsAssumption?: boolean;
  /** Interchange a serial loop with the parallel loop inside it where that is legal and keeps stride one, pipeline (`ordered`) loops whose carried dependences touch a small part of their body, and fuse adjacent parallel loops over one range; default true. `false` is `--no-restructure`. */
  restructure?: boolean;
  /** `--max-file-size`, in characters (bytes for the CLI, which reads one character per byte); larger files get an error. Default 5 MiB. */
  maxFileSize?: number;
  /**
   * Where to read files that are not among the files given (include
   * files, the sources of Fortran modules), e.g. a file system in Node
   * (`nodeHost` from "doall/node"). The files given come first.
   */
  host?: SourceHost;
}

/**
 * The front end's options, checked. A wrong option is the caller's
 * mistake, not the program's: it throws, as the CLI exits with status 2,
 * while anything wrong in the sources becomes a diagnostic.
 */
export function loadOptions(o: Options | undefined): LoadOptions {
  const opts = o ?? {};
  if (typeof opts !== "object") misuse(`options must be an object, not ${typeof opts}`);
  const out: LoadOptions = { includeDirs: stringList(opts.includeDirs, "includeDirs"), fortranCache: new FortranCache(), cppCache: new CppCache() };
  if (opts.form !== undefined) {
    if (opts.form !== "fixed" && opts.form !== "free") misuse(`form must be "fixed" or "free", not ${JSON.stringify(opts.form)}`);
    out.form = opts.form;
  }
  if (opts.defines !== undefined) {
    if (typeof opts.defines !== "object" || opts.defines === null || Array.isArray(opts.defines)) misuse('defines must be an object of NAME: VALUE, e.g. { N: "100" }');
    const defines = new Map<string, string>();
    for (const [name, value] of Object.entries(opts.defines)) {
      if (!/^[A-Za-z_]\w*$/.test(name)) misuse(`defines: '${name}' is not a macro name`);
      if (typeof value !== "string") misuse(`defines: the value of ${name} must be a string, not ${typeof value}`);
      defines.set(name, value);
    }
    if (defines.size) out.defines = defines;
  }
  const undefines = stringList(opts.undefines, "undefines");
  if (undefines.length) out.undefines = undefines;
  if (opts.maxFileSize !== undefined) {
    if (typeof opts.maxFileSize !== "number" || !(opts.maxFileSize > 0) || !Number.isFinite(opts.maxFileSize)) misuse(`maxFileSize must be a positive number of characters, not ${String(opts.maxFileSize)}`);
    out.maxFileBytes = Math.floor(opts.maxFileSize);
  }
  if (opts.host !== undefined && (typeof opts.host !== "object" || opts.host === null || typeof opts.host.readFile !== "function")) misuse("host must be a SourceHost: an object with readFile(path) returning the text or undefined");
  return out;
}

export function analysisOptions(o: Options | undefined): AnalysisOptions {
  const b = o?.boundsAssumption;
  if (b !== undefined && typeof b !== "boolean") misuse(`boundsAssumption must be true or false, not ${String(b)}`);
  const r = o?.restructure;
  if (r !== undefined && typeof r !== "boolean") misuse(`restructure must be true or false, not ${String(r)}`);
  return { boundsAssumption: b !== false, restructure: r !== false };
}

function stringList(x: unknown, name: string): string[] {
  if (x === undefined) return [];
  if (!Array.isArray(x) || x.some((s) => typeof s !== "string")) misuse(`${name} must be an array of strings`);
  return [...(x as string[])];
}

/** A mistake in how doall is called (not in the sources): thrown, with what to do. */
export function misuse(message: string): never {
  throw new TypeError(`doall: ${message}`);
}
