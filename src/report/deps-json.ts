import type { DepEdgeReport, DepsFileReport, DepsProcedureReport } from "../analysis/deps/deps-report.js";

/** An end of a dependence edge in the report's shape of a reference: its line, and how it arises when it is not an access written there. */
export interface DepEnd {
  line: number;
  /** The call whose effect the end is. */
  call?: string;
  /** "loop init", "loop step", "io", "statement function", "opaque". */
  via?: string;
}

/** A dependence edge as `doall deps --json` prints it. */
export type DepEdgeJson = Omit<DepEdgeReport, "source" | "sink" | "sourceVia" | "sinkVia"> & { source: DepEnd; sink: DepEnd };

export type DepsProcedureJson = Omit<DepsProcedureReport, "edges"> & { edges: DepEdgeJson[] };

/** The dependence graph of one file as `doall deps --json` prints it and the library's `deps()` returns it. */
export type DepsJsonReport = Omit<DepsFileReport, "procedures"> & { procedures: DepsProcedureJson[] };

/**
 * The JSON of `doall deps`: an edge's ends are references in the shape of
 * the report's (`{line, call?}`, as a reason's source and sink), plus
 * `via` for an end that is not written as an access (a loop's init or
 * step, I/O, a statement function).
 */
export function depsJson(r: DepsFileReport): DepsJsonReport {
  const end = (line: number, via: string | undefined): DepEnd => {
    if (via === undefined) return { line };
    return via.startsWith("call ") ? { line, call: via.slice(5) } : { line, via };
  };
  return {
    ...r,
    procedures: r.procedures.map((p) => ({
      ...p,
      edges: p.edges.map(({ kind, var: v, source, sink, sourceVia, sinkVia, ...rest }) => ({ kind, var: v, source: end(source, sourceVia), sink: end(sink, sinkVia), ...rest })),
    })),
  };
}
