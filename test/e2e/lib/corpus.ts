import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseExpectations, parseProgramOptions, type Expectation } from "./expectations.js";
import type { Lang, SourceFile } from "./toolchain.js";

/** One program of the end-to-end corpus, with what it needs to be compiled and judged. */
export interface E2EProgram {
  /** Path relative to the programs directory: `fortran/f01_jacobi1d.f`. */
  name: string;
  lang: Lang;
  /** Absolute path of the main source file. */
  path: string;
  text: string;
  /** Files it INCLUDEs / #includes (recursively), found next to it; never compiled on their own. */
  headers: SourceFile[];
  expectations: Expectation[];
  /** Relative tolerance for numbers in its output, when it declares one. */
  tolerance?: number;
}

export const PROGRAMS_DIR = fileURLToPath(new URL("../programs/", import.meta.url));

const SOURCE = /\.(f|f90|F|F90|c)$/;

export function langOf(path: string): Lang {
  return /\.c$/.test(path) ? "c" : "fortran";
}

/** Reads one program and its markers; throws on a malformed marker (with the file in the message). */
export function loadProgram(path: string, root = PROGRAMS_DIR): E2EProgram {
  const text = readFileSync(path, "utf8");
  const lang = langOf(path);
  const name = relative(root, path);
  try {
    const opts = parseProgramOptions(text, lang);
    return { name, lang, path, text, headers: headersOf(path, text, lang), expectations: parseExpectations(text, lang), ...(opts.tolerance !== undefined ? { tolerance: opts.tolerance } : {}) };
  } catch (e) {
    throw new Error(`${name}: ${(e as Error).message}`);
  }
}

/** Every program under `root`/fortran and `root`/c, sorted by name. */
export function loadCorpus(root = PROGRAMS_DIR): E2EProgram[] {
  const out: E2EProgram[] = [];
  for (const sub of ["fortran", "c"]) {
    const dir = join(root, sub);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (SOURCE.test(f)) out.push(loadProgram(join(dir, f), root));
  }
  return out;
}

/** The program's files for the compiler: the main file (under its own name, possibly new text) and its headers. */
export function programFiles(p: E2EProgram, text = p.text): SourceFile[] {
  return [{ name: basename(p.path), text }, ...p.headers];
}

function headersOf(path: string, text: string, lang: Lang, seen = new Set<string>()): SourceFile[] {
  // Fortran: INCLUDE lines, and #include in a .F/.F90 file (and the headers it includes).
  const re = lang === "c" ? /^\s*#\s*include\s*"([^"]+)"/gm : /^\s*(?:#\s*)?include\s*['"]([^'"]+)['"]/gim;
  const out: SourceFile[] = [];
  for (const m of text.matchAll(re)) {
    const name = m[1]!;
    if (seen.has(name)) continue;
    seen.add(name);
    const file = join(dirname(path), name);
    if (!existsSync(file)) throw new Error(`${basename(path)} includes ${name}, which is not next to it`);
    const t = readFileSync(file, "utf8");
    out.push({ name, text: t }, ...headersOf(file, t, lang, seen));
  }
  return out;
}
