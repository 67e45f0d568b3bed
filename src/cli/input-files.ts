import { readdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { inputKindOf } from "../driver/languages.js";

/**
 * The inputs of a command that reads source files (parallelize, analyze,
 * explain, deps, access): each argument is a file, taken as given, or a
 * directory, walked recursively for the Fortran and C sources in it (by
 * suffix; headers are read through the files that include them, not on
 * their own), in name order. A missing argument or a directory with no
 * source is an input error (`X: error: ...`, exit status 1): the command
 * says so and goes on with the other inputs.
 */
export interface Input {
  /** As given (or found under a directory given), for messages and reading. */
  arg: string;
  abs: string;
  /** Path under the output directory. */
  rel: string;
}

/** Files as given; directories walked for Fortran and C sources (not headers). */
export function expandInputs(args: string[], cwd: string): { inputs: Input[]; errors: string[] } {
  const found: { arg: string; abs: string }[] = [];
  const bases: string[] = [];
  const errors: string[] = [];
  for (const a of args) {
    const abs = resolve(cwd, a);
    let st;
    try {
      st = statSync(abs);
    } catch {
      errors.push(`${a}: error: no such file or directory`);
      continue;
    }
    if (st.isDirectory()) {
      const before = found.length;
      bases.push(abs);
      const walk = (d: string) => {
        for (const name of readdirSync(d).sort()) {
          const full = join(d, name);
          const s = statSync(full);
          if (s.isDirectory()) walk(full);
          else if (s.isFile() && inputKindOf(full) && !full.endsWith(".h")) found.push({ arg: isAbsolute(a) ? full : relative(cwd, full), abs: full });
        }
      };
      walk(abs);
      if (found.length === before) errors.push(`${a}: error: no Fortran or C source file in this directory`);
    } else {
      bases.push(dirname(abs));
      found.push({ arg: a, abs });
    }
  }
  if (found.length === 0) return { inputs: [], errors };
  // Paths under the output directory: relative to the one directory given, or to the inputs' common directory.
  const base = commonDir(bases);
  return { inputs: found.map((f) => ({ ...f, rel: relative(base, f.abs) })), errors };
}

/** The deepest directory that holds all of these. */
export function commonDir(dirs: string[]): string {
  let parts = dirs[0]!.split(sep);
  for (const d of dirs.slice(1)) {
    const q = d.split(sep);
    let k = 0;
    while (k < parts.length && k < q.length && parts[k] === q[k]) k++;
    parts = parts.slice(0, k);
  }
  return parts.join(sep) || sep;
}
