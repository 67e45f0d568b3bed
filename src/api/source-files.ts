import { inputKindOf, KNOWN_SUFFIXES } from "../driver/languages.js";
import type { Loaded } from "../driver/load-program.js";
import type { FileReport } from "../report/file-report.js";
import type { SourceHost } from "../source/host.js";
import { extname, normalize } from "../util/path.js";
import { misuse } from "./options.js";

/** A file given to doall in memory: its path (for suffixes, includes and messages) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/**
 * The files of one call: which are parallelized, and a host that reads
 * them (then the caller's host). Paths are compared normalized (`./a.f`
 * and `a.f` are one file), since includes are resolved to normalized
 * paths (`INCLUDE 'b.h'` in `src/a.f` reads `src/b.h`); reports keep the
 * paths as given.
 */
export class GivenFiles {
  readonly host: SourceHost;
  /** The Fortran and C sources, in the order given; the other files are there to be included. */
  readonly sources: string[] = [];
  private readonly byPath = new Map<string, SourceFile>();

  constructor(files: readonly SourceFile[], fallback?: SourceHost) {
    if (!Array.isArray(files)) misuse("the files must be an array of { path, text }");
    for (const f of files) {
      if (typeof f !== "object" || f === null || typeof f.path !== "string" || typeof f.text !== "string" || f.path === "") misuse("each file must be { path: string, text: string } with a non-empty path");
      const key = normalize(f.path);
      if (this.byPath.has(key)) misuse(`two files have the path '${f.path}'`);
      this.byPath.set(key, f);
      // Headers are never inputs, as in a directory given to the CLI: they are compiled where included.
      if (inputKindOf(f.path) && extname(f.path) !== ".h") this.sources.push(f.path);
    }
    const own = this.byPath;
    this.host = {
      readFile: (p) => own.get(normalize(p))?.text ?? fallback?.readFile(p),
      listDir: (dir) => {
        const prefix = normalize(dir) === "." ? "" : normalize(dir) + "/";
        const names = [...own.keys()].filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes("/")).map((k) => k.slice(prefix.length));
        const more = fallback?.listDir?.(dir) ?? [];
        return [...new Set([...names, ...more])];
      },
    };
  }

  /**
   * A report entry for each file that is neither a source nor included by
   * one (`prog.txt`): said, rather than silently dropped.
   */
  unused(loaded: readonly Loaded[]): FileReport[] {
    const included = new Set(loaded.flatMap((l) => l.program?.file.includes ?? []).map(normalize));
    const out: FileReport[] = [];
    for (const [key, f] of this.byPath) {
      if (this.sources.includes(f.path) || included.has(key) || extname(f.path) === ".h") continue;
      const message = `not a Fortran or C source by its name (${KNOWN_SUFFIXES}) and included by no source given: not analyzed`;
      out.push({ file: f.path, language: "unknown", diagnostics: [{ id: "not-a-source", severity: "warning", message, file: f.path, line: null, column: null }], procedures: [], loops: [] });
    }
    return out;
  }
}
