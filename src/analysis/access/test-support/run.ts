import { parseFortran } from "../../../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../../../source/host.js";
import { exprText } from "../../../ir/expr-text.js";
import { analyzeProgramAccess, type AccessOptions, type RefAccess } from "../analyze-access.js";
import { patternText } from "../pattern.js";

/** Analyzes a free-form Fortran text (names opaque values as the CLI does). */
export function accessOf(src: string, opts: AccessOptions = {}, form: "fixed" | "free" = "free"): RefAccess[] {
  const p = parseFortran("t.f90", src, memoryHost({}), { form });
  const errs = p.diagnostics.filter((d) => d.severity === "error");
  if (errs.length) throw new Error(errs.map((d) => `${d.span?.line}: ${d.message}`).join("\n"));
  return analyzeProgramAccess(p, { exprName: (e) => exprText(e), ...opts }).procedures.flatMap((x) => x.refs);
}

/** One line per level, innermost first, then the status: what the CLI prints, without positions. */
export function describe(r: RefAccess): string[] {
  const out = [`${exprText(r.ref)} [${r.role}]`];
  for (const l of r.levels) out.push(`  level ${l.pattern.var.name}: ${patternText(l.pattern, r.indices)}${l.widenings.length ? ` (${l.widenings.map((w) => w.text).join("; ")})` : ""}`);
  out.push(`  ${r.status}${r.stop ? ` (${r.stop.category}): ${r.stop.message}` : ""}`);
  return out;
}
