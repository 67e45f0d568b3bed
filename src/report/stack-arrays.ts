import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { evalInt } from "../ir/const-eval.js";
import type { Procedure, Program } from "../ir/program.js";
import { mainProgramSaves } from "../parallelize/main-program-saves.js";

/**
 * Fortran local arrays that -fopenmp puts on the stack (issue 19 §1).
 * gfortran's -fopenmp implies -frecursive: every local array without SAVE,
 * even in the main program, becomes an automatic variable on the stack,
 * where the serial build kept the large ones static
 * (-fmax-stack-var-size, 64 KiB by default). A main program with
 * `double precision a(1500,1500)` (18 MB) then overflows the usual 8 MiB
 * stack and dies with a segmentation fault before its first statement, the
 * directives being perfectly right. A warning names the arrays and the fixes.
 * The main program's arrays that doall declares SAVE are not named: they
 * stay static (main-program-saves.ts).
 */
export interface StackArray {
  proc: Procedure;
  name: string;
  bytes: number;
  line: number;
}

/** A procedure's local arrays past this total are worth a warning: a quarter of the usual 8 MiB stack. */
export const STACK_WARN_BYTES = 2 * 1024 * 1024;

export function stackArrays(program: Program): StackArray[] {
  if (program.file.language !== "fortran") return [];
  const out: StackArray[] = [];
  for (const proc of program.procedures) {
    if (proc.kind === "module" || proc.kind === "block-data") continue;
    const mine: StackArray[] = [];
    // The main program's arrays that doall's output declares SAVE stay static (main-program-saves.ts).
    const saved = new Set(mainProgramSaves(proc));
    for (const s of proc.symbols.values()) {
      if (saved.has(s.name) || s.storage !== "local" || s.dims.length === 0 || s.attrs.save || s.attrs.allocatable || s.attrs.pointer || s.attrs.initialized) continue;
      let n = 1;
      for (const d of s.dims) {
        const lo = evalInt(d.lower);
        const hi = d.upper ? evalInt(d.upper) : undefined;
        if (lo === undefined || hi === undefined) {
          n = NaN;
          break;
        }
        n *= Math.max(0, hi - lo + 1);
      }
      if (Number.isFinite(n)) mine.push({ proc, name: s.name, bytes: n * (s.type.bytes ?? 4), line: s.span.line });
    }
    if (mine.reduce((t, a) => t + a.bytes, 0) >= STACK_WARN_BYTES) out.push(...mine.filter((a) => a.bytes >= 64 * 1024));
  }
  return out;
}

/** The warning of a file with directives: one per procedure whose local arrays -fopenmp puts on the stack. */
export function stackWarnings(program: Program): Diagnostic[] {
  const byProc = new Map<Procedure, StackArray[]>();
  for (const a of stackArrays(program)) byProc.set(a.proc, [...(byProc.get(a.proc) ?? []), a]);
  return [...byProc].map(([proc, arrays]) => {
    const total = arrays.reduce((t, a) => t + a.bytes, 0);
    const names = arrays.map((a) => `${a.name} (${mib(a.bytes)})`).join(", ");
    const first = arrays[0]!;
    // Static storage is safe for the main program's arrays (no thread runs it twice); a routine's
    // locals made static would be shared by the threads that call it inside a parallel loop.
    const fix =
      proc.kind === "program"
        ? "build with -fmax-stack-var-size=65536 (they stay static, as without -fopenmp), or give them SAVE or put them in a COMMON block, or raise the stack limit (ulimit -s unlimited)"
        : "raise the stack limit (ulimit -s unlimited; OMP_STACKSIZE for the threads, if the routine runs inside a parallel loop)";
    return {
      id: "stack-arrays",
      severity: "warning",
      message: `${proc.name}: built with -fopenmp, gfortran puts its local arrays on the stack: ${names}, ${mib(total)} in all, may overflow it (a segmentation fault); ${fix}`,
      span: { file: proc.span.file, line: first.line, column: 1, endLine: first.line, endColumn: 1 },
    };
  });
}

const mib = (b: number) => `${(b / (1024 * 1024)).toFixed(1)} MiB`;
