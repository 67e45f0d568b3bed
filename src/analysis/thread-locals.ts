import type { Program } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";

/**
 * Marks the variables each thread has its own copy of (SymAttrs.threadLocal):
 * those the user's `threadprivate` directives name in any file of the run
 * (a Fortran module variable, a SAVEd local, a COMMON block `/blk/`'s
 * members; a C global), by name, in every procedure that sees one, since
 * a module's or a global's variable may be another file's symbol. C's
 * `__thread` marks its own declarations (the C front end). A loop that
 * touches one stays serial (exclusions.ts): in parallel each thread would
 * read or write its own copy, not the one the serial run uses (found by
 * fuzzing: `t = 5` before a loop reading t, the other threads read 0;
 * `private(t)`, which gfortran refuses for a threadprivate variable).
 */
export function markThreadLocals(programs: readonly Program[]): void {
  const names = new Set<string>();
  const blocks = new Set<string>();
  for (const p of programs)
    for (const d of p.file.directives ?? []) {
      const m = /^threadprivate\s*\(([^)]*)\)/i.exec(d.text.trim());
      if (!m) continue;
      for (const item of m[1]!.split(",").map((x) => x.trim().toLowerCase())) {
        const block = /^\/\s*(\w*)\s*\/$/.exec(item);
        if (block) blocks.add(block[1]!);
        else if (item) names.add(item);
      }
    }
  if (names.size === 0 && blocks.size === 0) return;
  const mark = (s: Sym) => {
    if (s.storage === "dummy" || s.storage === "parameter" || s.storage === "procedure") return;
    if (names.has(s.name.toLowerCase()) || (s.storage === "common" && blocks.has((s.common ?? "").toLowerCase()))) s.attrs.threadLocal = true;
  };
  for (const p of programs) {
    for (const s of p.globals.values()) mark(s);
    for (const proc of p.procedures) {
      for (const s of proc.symbols.values()) mark(s);
      for (const s of proc.fileGlobals?.values() ?? []) mark(s);
    }
  }
}
