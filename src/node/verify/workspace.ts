import { accessSync, chmodSync, constants, cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, relative } from "node:path";

/**
 * The two copies `doall verify` builds: the user's program as it is
 * (serial/) and with doall's directives (parallel/), under one temporary
 * directory, so that the user's tree is never written. The parallel build
 * is the same build command with OpenMP on: a directory of compiler
 * wrappers, first on its PATH, adds the OpenMP flag to every compile and
 * link, whatever the build system (a Makefile's `F77 = gfortran`, a
 * script, a plain compiler command). Both builds run the same command, so
 * they differ only by the directives and that flag.
 */
export interface Workspace {
  root: string;
  serial: string;
  parallel: string;
  /** The wrappers' directory, to put first on the parallel build's PATH. */
  wrappers: string;
}

/** Directories a copy leaves out: version control and installed packages, never part of a build. */
const SKIP = new Set([".git", ".hg", ".svn", "node_modules"]);

/** Copies `source` twice into a fresh temporary directory. */
export function makeWorkspace(source: string): Workspace {
  const root = mkdtempSync(join(tmpdir(), "doall-verify-"));
  const serial = join(root, "serial");
  const parallel = join(root, "parallel");
  const filter = (src: string) => !relative(source, src).split(/[\\/]/).some((part) => SKIP.has(part));
  cpSync(source, serial, { recursive: true, filter });
  cpSync(source, parallel, { recursive: true, filter });
  const wrappers = join(root, "wrappers");
  mkdirSync(wrappers);
  return { root, serial, parallel, wrappers };
}

/** The compilers the wrappers stand in for: the usual names, and the ones the user named. */
const COMPILER_NAMES = ["gcc", "cc", "c99", "gfortran", "f77", "f90", "f95", "clang", "g++", "c++"];

/**
 * Writes a wrapper for each compiler found on PATH: a shell script that
 * runs the real compiler (by its full path, so the wrapper does not find
 * itself) with `flag` first. Returns the names wrapped.
 */
export function writeCompilerWrappers(ws: Workspace, flag: string, extra: string[] = [], path = process.env.PATH ?? ""): string[] {
  const done: string[] = [];
  for (const name of new Set([...COMPILER_NAMES, ...extra])) {
    if (name.includes("/")) continue;
    const real = findOnPath(name, path);
    if (!real) continue;
    const file = join(ws.wrappers, name);
    writeFileSync(file, `#!/bin/sh\n# doall verify: ${name} with OpenMP on, for the parallel build.\nexec ${shellQuote(real)} ${flag.split(/\s+/).filter(Boolean).map(shellQuote).join(" ")} "$@"\n`);
    chmodSync(file, 0o755);
    done.push(name);
  }
  return done;
}

export function findOnPath(name: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const full = join(dir, name);
    try {
      accessSync(full, constants.X_OK);
      return full;
    } catch {
      // not here
    }
  }
  return null;
}

export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
