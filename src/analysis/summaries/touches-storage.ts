import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { memberExtent, overlaps } from "./common-layout.js";
import type { ProcedureSummary } from "./summary.js";

/**
 * Whether a call with this summary may read (`use`) or write (`def`) the
 * storage of `s`, a variable of `proc`, out of sight of its arguments: a
 * COMMON member by its bytes in the block (all of the block when its
 * offset is not known), any other variable among the summary's shared
 * ones by symbol.
 */
export function touchesStorage(proc: Procedure, s: Sym, summary: ProcedureSummary, kind: "use" | "def"): boolean {
  if (s.storage === "common" && s.common !== undefined) {
    const eff = summary.commons.get(s.common);
    if (!eff) return false;
    const want = kind === "use" ? eff.use : eff.mod;
    if (want === "all") return true;
    const ext = memberExtent(proc, s);
    return ext === null || want.some((e) => overlaps(e, ext));
  }
  const sh = summary.shared.get(s.id);
  return !!sh && (kind === "use" ? sh.use : sh.mod);
}
