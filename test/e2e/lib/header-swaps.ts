import type { Lang } from "./toolchain.js";

/**
 * Whether the transformed text, once its added directive lines are taken
 * out, is the original but for loop controls swapped between loop
 * headers (doall's interchange, src/parallelize/interchange.ts): line by
 * line, every line that differs is a DO or for header before and after,
 * with the same label, keyword and comment, and the controls of the
 * differing lines are the same ones, each used once. Compared by
 * position: a diff would pair the lines of a swap as moved lines (f15's
 * `do 70 j` / `do 70 i`). Anything else a transformer changes is still a
 * failure.
 */
export function onlyHeaderSwaps(original: string, transformed: string, directiveLines: readonly number[], lang: Lang): boolean {
  const skip = new Set(directiveLines);
  const before = original.split("\n");
  const after = transformed.split("\n").filter((_, k) => !skip.has(k + 1));
  if (before.length !== after.length) return false;
  const split = (line: string) => (lang === "c" ? /^(.*?\bfor\s*\()(.*)(\).*)$/.exec(line) : /^(.*?\bdo\s+(?:\d+\s*,?\s*)?)([A-Za-z_]\w*\s*=[^!]*?)(\s*(?:!.*)?)$/i.exec(line));
  const unused: string[] = [];
  const wanted: string[] = [];
  for (let k = 0; k < before.length; k++) {
    if (before[k] === after[k]) continue;
    const b = split(before[k]!);
    const a = split(after[k]!);
    if (!a || !b || a[1] !== b[1] || a[3] !== b[3]) return false;
    unused.push(b[2]!);
    wanted.push(a[2]!);
  }
  if (unused.length < 2) return false;
  for (const w of wanted) {
    const at = unused.indexOf(w);
    if (at < 0) return false;
    unused.splice(at, 1);
  }
  return true;
}
