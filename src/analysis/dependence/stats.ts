import { TEST_ORDER, type TestName } from "./outcome.js";

/**
 * Counters per dependence test over a run (issue 6, item 5): on how many
 * pairs each test ran, and on how many it was the one that proved
 * independence (the strongest test that pruned a direction vector of the
 * pair). Printed by `doall analyze --stats` and scripts/bench-deps.js.
 */
export class DepStats {
  pairs = 0;
  independent = 0;
  dependent = 0;
  unknown = 0;
  /** Pairs whose answer relies on subscripts staying in bounds (a run-time check). */
  assumingBounds = 0;
  /** Why pairs stayed unknown, by the first reason (numbers and names removed). */
  readonly unknownWhy = new Map<string, number>();
  readonly tests: Record<TestName, { tried: number; proved: number }> = Object.fromEntries(TEST_ORDER.map((t) => [t, { tried: 0, proved: 0 }])) as never;

  countPair(r: { status: "independent" | "dependent" | "unknown"; test: TestName | null; solution: { tried: Set<TestName> }; assumes: readonly unknown[]; why?: string }): void {
    this.pairs++;
    this[r.status]++;
    if (r.assumes.length > 0) this.assumingBounds++;
    if (r.status === "unknown") {
      const k = (r.why ?? "?")
        .replace(/\b\w+ and \w+ (are|may)/, "X and Y $1")
        .replace(/COMMON \/\w*\//, "COMMON /_/")
        .replace(/subscript \S+/, "subscript _")
        .replace(/passed to \w+/, "passed to _")
        .replace(/index \w+/, "index _")
        .replace(/\d+/g, "N");
      this.unknownWhy.set(k, (this.unknownWhy.get(k) ?? 0) + 1);
    }
    for (const t of r.solution.tried) this.tests[t].tried++;
    if (r.status === "independent" && r.test) this.tests[r.test].proved++;
  }

  add(o: DepStats): void {
    this.pairs += o.pairs;
    this.independent += o.independent;
    this.dependent += o.dependent;
    this.unknown += o.unknown;
    this.assumingBounds += o.assumingBounds;
    for (const [k, v] of o.unknownWhy) this.unknownWhy.set(k, (this.unknownWhy.get(k) ?? 0) + v);
    for (const t of TEST_ORDER) {
      this.tests[t].tried += o.tests[t].tried;
      this.tests[t].proved += o.tests[t].proved;
    }
  }

  /** A small table: one row per test, then the totals. */
  format(): string {
    const rows = [["test", "tried", "proved independent"], ...TEST_ORDER.map((t) => [t, String(this.tests[t].tried), String(this.tests[t].proved)])];
    const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join("  ");
    return [
      ...rows.map(line),
      `pairs ${this.pairs}: independent ${this.independent}, dependent ${this.dependent}, unknown ${this.unknown}` +
        (this.assumingBounds ? ` (${this.assumingBounds} relying on subscripts within bounds, checked at run time)` : ""),
    ].join("\n") + "\n";
  }

  toJSON() {
    return { pairs: this.pairs, independent: this.independent, dependent: this.dependent, unknown: this.unknown, assumingBounds: this.assumingBounds, tests: this.tests, unknownWhy: Object.fromEntries(this.unknownWhy) };
  }
}
