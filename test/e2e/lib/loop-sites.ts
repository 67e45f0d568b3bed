import { dirname } from "node:path";
import { nodeHost } from "../../../src/node/node-host.js";
import { loadProgram } from "../../../src/driver/load-program.js";
import { parseFortran } from "../../../src/frontend/fortran/parse-fortran.js";
import { formForPath } from "../../../src/frontend/fortran/source-reader.js";
import { userLoops } from "../../../src/ir/walk.js";
import { jumpTargets } from "../../../src/analysis/access/jumps.js";
import { scanCLoops } from "./c-loop-scan.js";
import type { Lang } from "./toolchain.js";

/** Where one loop of a program is: what an emitter needs to put a directive on it. */
export interface LoopSite {
  /** Line of the DO / for keyword (the label line of a labeled DO). */
  line: number;
  /** Column of the keyword (C: where the pragma goes). */
  column: number;
  /** Last line: END DO, the terminal statement, the closing brace. */
  endLine: number;
  /** Line of the enclosing loop, or null. */
  parentLine: number | null;
  /** Counted loop (DO with control, C for) rather than DO WHILE / while / do. */
  counted: boolean;
  /**
   * Fortran: no END directive can stand right after the loop: its terminal
   * statement also ends another DO of the nest, or another statement
   * follows the END DO on its line.
   */
  endOmitted: boolean;
  /** Other text comes before the loop on its line (`a = 0; do ...`): no directive line can go right before it. */
  startsMidLine: boolean;
  /** A Fortran DO CONCURRENT: gfortran accepts no OpenMP directive on it. */
  concurrent?: boolean;
  /** Fortran: a jump elsewhere goes to the DO statement itself: a directive before it would make the jump enter the region. */
  jumpTarget?: boolean;
}

/**
 * The loops of one source file. Fortran comes from our own front end (so
 * the corpus doubles as a test that it reads these programs); C from a
 * lexical scan until the C front end is on main. `path` is the file on disk
 * (INCLUDE and USE are resolved next to it).
 */
export function loopSites(path: string, text: string, lang: Lang): LoopSite[] {
  return lang === "c" ? cSites(text) : fortranSites(path, text);
}

function cSites(text: string): LoopSite[] {
  const lines = text.split("\n");
  return scanCLoops(text).map((l) => ({
    line: l.line,
    column: l.column,
    endLine: l.endLine,
    parentLine: l.parentLine,
    counted: l.keyword === "for",
    endOmitted: false,
    startsMidLine: (lines[l.line - 1] ?? "").slice(0, l.column - 1).trim() !== "",
  }));
}

function fortranSites(path: string, text: string): LoopSite[] {
  // .F/.F90 go through the preprocessor first, as gfortran -cpp does (a header's C comments, macros).
  const host = nodeHost(dirname(path));
  const program = /\.F(90)?$/.test(path)
    ? loadProgram(path, { ...host, readFile: (p) => (p === path ? text : host.readFile(p)) }, { includeDirs: [dirname(path)] }).program!
    : parseFortran(path, text, host, { form: formForPath(path) ?? "fixed" });
  const errors = program.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error(`${path}: the Fortran front end rejects it:\n${errors.map((d) => `  ${d.span ? `${d.span.line}:${d.span.column}: ` : ""}${d.message}`).join("\n")}`);
  const sites: LoopSite[] = [];
  for (const proc of program.procedures) {
    const targets = jumpTargets(proc.body);
    // The user's loops: an array assignment's or FORALL's implied loop has no DO, nor a marker.
    for (const { loop, parent } of userLoops(proc.body)) {
      if (loop.span.file !== path) continue;
      const shares = (other: typeof loop | null) => other !== null && loop.terminalLabel !== undefined && other.terminalLabel === loop.terminalLabel;
      const child = userLoops(loop.body).some((c) => shares(c.loop));
      sites.push({
        line: loop.span.line,
        column: loop.span.column,
        endLine: loop.endSpan.endLine,
        parentLine: parent ? parent.span.line : null,
        counted: loop.form === "do",
        endOmitted: shares(parent) || child || loop.sharesLine?.last === true,
        startsMidLine: loop.sharesLine?.first === true,
        concurrent: loop.concurrent !== undefined,
        jumpTarget: loop.label !== undefined && targets.has(loop.label),
      });
    }
  }
  return sites.sort((a, b) => a.line - b.line);
}
