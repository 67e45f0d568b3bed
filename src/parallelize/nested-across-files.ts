import type { Procedure } from "../ir/program.js";
import { callersOf, type CallSite } from "./call-graph.js";
import type { LoopPlan } from "./loop-plan.js";
import { dropDirective } from "./nested-reasons.js";
import type { ConsumerContext } from "./serial-consumers.js";

/**
 * A loop whose procedure is called only from inside loops with
 * directives loses its own, across the files of a run. Each file is
 * planned with the others' directives unknown (plan-program.ts), so
 * choose-directives.ts sees this only within a file: NPB LU's jacld (its
 * own file) is called from ssor's k loop, which runs pipelined; jacld's
 * region would start on one thread at every call, and its directive,
 * touching /cjac/ shared, would keep the block from being threadprivate
 * for the k loop. Only directives go; nothing correct depends on this.
 * Plans are changed in place; the loops dropped are returned.
 */
export function dropNestedAcrossFiles(files: readonly ConsumerContext[]): LoopPlan[] {
  const emitted = new Set(files.flatMap((f) => f.loops.filter((l) => l.emitted).map((l) => l.loop)));
  const dropped: LoopPlan[] = [];
  for (const f of files) {
    const memo = new Map<Procedure, CallSite | null>();
    // A call site inside a loop with a directive that every call of p runs in (directly or through its callers), or null.
    const inside = (p: Procedure, busy: Set<Procedure>): CallSite | null => {
      if (memo.has(p)) return memo.get(p)!;
      // Conservative in a cycle: not known to be inside.
      if (busy.has(p)) return null;
      busy.add(p);
      const sites = callersOf(f.graph, p);
      let found: CallSite | null = null;
      for (const s of sites) {
        const here = s.loops.some((l) => emitted.has(l)) ? s : inside(s.caller, busy);
        if (!here) {
          found = null;
          break;
        }
        found ??= here;
      }
      busy.delete(p);
      memo.set(p, found);
      return found;
    };
    for (const plan of f.loops) {
      if (!plan.emitted) continue;
      const site = inside(plan.proc, new Set());
      if (!site) continue;
      const where = `${site.caller.span.file}:${site.line}`;
      dropDirective(f.loops, plan, { kind: "nested", message: `every call of ${plan.proc.name} runs inside a loop with a directive (the call at ${where}), where this loop's region would run on one thread` });
      dropped.push(plan);
    }
  }
  return dropped;
}
