import assert from "node:assert/strict";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram, type Loaded } from "../../driver/load-program.js";
import type { ProgramLink } from "../../analysis/link/link-programs.js";
import { memoryHost } from "../../source/host.js";
import { planProgram } from "../plan-program.js";

/** Files given together, `first` first, read (each without errors) and linked as one run. */
export function linkFiles(files: Record<string, string>, first?: string): { loaded: Loaded[]; link: ProgramLink | undefined; host: ReturnType<typeof memoryHost> } {
  const host = memoryHost(files);
  const names = first === undefined ? Object.keys(files) : [first, ...Object.keys(files).filter((f) => f !== first)];
  const loaded = names.map((f) => loadProgram(f, host));
  for (const l of loaded) assert.deepEqual(l.program!.diagnostics.filter((d) => d.severity === "error"), [], l.path);
  return { loaded, link: linkLoaded(loaded), host };
}

/** The first file planned in the run: per loop line, "parallel" with its private variables, or its reasons and hints. */
export function planFiles(files: Record<string, string>, first: string): Map<number, string> {
  const { loaded, link } = linkFiles(files, first);
  const p = planProgram(loaded[0]!.program!, { link, rangeFacts: false });
  return new Map(p.loops.map((l) => [l.loop.span.line, l.parallel ? ["parallel", ...l.private].join(" ") : [...l.reasons.map((r) => r.message), ...l.hints].join("; ")]));
}

/** A main program that fills u(n, m) and r(n, m) of the declarations `decl`, calls `drive` and prints two elements of r. */
export function driverMain(decl: string): string {
  return `      program main
${decl}      integer i, k
      do k = 1, m
         do i = 1, n
            u(i, k) = dble(mod(i * k, 17))
            r(i, k) = 0.0d0
         end do
      end do
      call drive
      print *, r(2, 3), r(n - 1, m)
      end
`;
}
