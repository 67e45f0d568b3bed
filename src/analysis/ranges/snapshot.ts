import { transferBlock, type ForwardResult } from "./forward-ranges.js";
import type { RangeContext } from "./range-context.js";
import type { RangeState } from "./range-state.js";

/**
 * The first solution's states where the later phases look: before each
 * array element reference and each loop's index initialization, and at the
 * end of each block (where its branch conditions are tested).
 */
export interface Snapshot {
  before: Map<number, RangeState>;
  exit: Map<number, RangeState>;
}

export function snapshot(ctx: RangeContext, fr: ForwardResult): Snapshot {
  const before = new Map<number, RangeState>();
  const exit = new Map<number, RangeState>();
  for (let b = 0; b < ctx.cfg.blocks.length; b++) {
    const s = fr.entry[b];
    if (!s) continue;
    const end = transferBlock(ctx, b, s, new Map(fr.bounds), {}, (r, st) => {
      if (r.origin === "loop-init" || r.expr?.kind === "elem") before.set(r.id, st.clone());
    });
    if (end) exit.set(b, end);
  }
  return { before, exit };
}
