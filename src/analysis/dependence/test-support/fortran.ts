// Parsing Fortran text and running the dependence analysis on it, for tests
// written as text cases.
import type { Procedure } from "../../../ir/program.js";
import type { Loop } from "../../../ir/stmt.js";
import { collectLoops } from "../../../ir/walk.js";
import { parseFortran } from "../../../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../../../source/host.js";
import { analyzeProcedure, type DependenceOptions, type PairResult, type ProcedureDeps } from "../analyze.js";
import { arrayVerdict, type ArrayLoopVerdict } from "../verdict.js";

export interface Analyzed {
  proc: Procedure;
  deps: ProcedureDeps;
  /** The loop whose DO statement is on `line`. */
  loop(line: number): Loop;
  verdict(line: number): ArrayLoopVerdict;
  /** Pairs whose source and sink statements are on these lines (either order). */
  pairs(a: number, b: number): PairResult[];
}

export function analyzeFortran(text: string, procName?: string, options: DependenceOptions = {}): Analyzed {
  // Fixed form when the first statement starts in column 7, as in the seed papers' listings.
  const first = text.split("\n").find((l) => l.trim() !== "") ?? "";
  const free = !/^ {6}\S/.test(first);
  const prog = parseFortran(free ? "t.f90" : "t.f", text, memoryHost({}), { form: free ? "free" : "fixed" });
  const errors = prog.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error(errors.map((d) => `${d.span?.line}: ${d.message}`).join("\n"));
  const proc = procName ? prog.procedures.find((p) => p.name === procName)! : prog.procedures[0]!;
  const deps = analyzeProcedure(proc, options);
  const loop = (line: number) => {
    const l = collectLoops(proc.body).find((x) => x.loop.span.line === line);
    if (!l) throw new Error(`no loop on line ${line}`);
    return l.loop;
  };
  return {
    proc,
    deps,
    loop,
    verdict: (line) => arrayVerdict(deps, loop(line)),
    pairs: (a, b) =>
      deps.nests.flatMap((n) => n.pairs).filter((p) => {
        const x = p.src.stmt.span.line;
        const y = p.snk.stmt.span.line;
        return (x === a && y === b) || (x === b && y === a);
      }),
  };
}
