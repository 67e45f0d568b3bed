import type { Report } from "./file-report.js";
import { RULES, type RuleId } from "./rules.js";

/**
 * The serial loops with a cause the user can fix, as SARIF 2.1.0 (OASIS
 * Static Analysis Results Interchange Format), for editors and code
 * scanning (issue 19 §4): one result per fixable cause (rules.ts,
 * `fixable`), at the loop's DO / for line, its message the cause's summary
 * and fix, its rule one of docs/rules.md. Parallel loops and causes nobody
 * can act on (a true recurrence, a loop too deep) are left out.
 */
export interface SarifOptions {
  /** doall's version, for the tool's driver. */
  version: string;
}

export function toSarif(report: Report, options: SarifOptions): object {
  const used = new Set<RuleId>();
  const results: object[] = [];
  for (const f of report.files) {
    for (const l of f.loops) {
      if (l.parallel || l.runtimeCheck) continue;
      for (const c of l.causes ?? []) {
        const rule = RULES[c.rule as RuleId];
        if (!rule || !rule.fixable || rule.placement) continue;
        used.add(rule.id);
        results.push({
          ruleId: rule.id,
          level: "note",
          message: { text: `Loop ${l.index ? `over ${l.index} ` : ""}in ${l.procedure} stays serial: ${c.summary}.${c.fix ? ` Fix: ${c.fix}.` : ""}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: fileUri(l.file) }, region: { startLine: l.line, endLine: l.endLine } } }],
          partialFingerprints: { loop: `${l.file}:${l.procedure}:${l.index ?? l.form}:${c.rule}` },
        });
      }
    }
  }
  const rules = [...used].sort().map((id) => ({
    id,
    name: id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: RULES[id].title },
    help: { text: `See docs/rules.md, section ${id}, in the doall package.` },
  }));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{ tool: { driver: { name: "doall", version: options.version, rules } }, results, columnKind: "unicodeCodePoints" }],
  };
}

/** A path as a URI reference: forward slashes, each segment percent-encoded. */
function fileUri(path: string): string {
  return path.split(/[\\/]/).map(encodeURIComponent).join("/");
}
