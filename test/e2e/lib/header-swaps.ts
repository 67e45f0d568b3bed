import type { ChangedHunk } from "./line-diff.js";
import type { Lang } from "./toolchain.js";

/**
 * Whether the changed hunks only swap loop controls between the loop
 * headers they hold (doall's interchange, src/parallelize/interchange.ts;
 * the marker between two headers splits them in two hunks): every line,
 * before and after, is a DO or for header, and each transformed line is
 * its original with the control of another changed original line, every
 * control used once. Anything else a transformer changes is still a
 * failure.
 */
export function onlyHeaderSwaps(hunks: readonly ChangedHunk[], lang: Lang): boolean {
  if (hunks.some((x) => x.original.length !== x.transformed.length)) return false;
  const h = { original: hunks.flatMap((x) => x.original), transformed: hunks.flatMap((x) => x.transformed) };
  if (h.original.length < 2) return false;
  const split = (line: string) => (lang === "c" ? /^(.*?\bfor\s*\()(.*)(\).*)$/.exec(line) : /^(.*?\bdo\s+(?:\d+\s*,?\s*)?)([A-Za-z_]\w*\s*=[^!]*?)(\s*(?:!.*)?)$/i.exec(line));
  const before = h.original.map(split);
  const after = h.transformed.map(split);
  if (before.some((m) => !m) || after.some((m) => !m)) return false;
  const unused = before.map((m) => m![2]!);
  for (let k = 0; k < after.length; k++) {
    const a = after[k]!;
    const b = before[k]!;
    if (a[1] !== b[1] || a[3] !== b[3]) return false;
    const at = unused.indexOf(a[2]!);
    if (at < 0) return false;
    unused.splice(at, 1);
  }
  return h.original.some((l, k) => l !== h.transformed[k]);
}
