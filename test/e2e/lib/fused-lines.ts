import type { Lang } from "./toolchain.js";

/**
 * Whether the transformed text, once its added directive lines are taken
 * out, is the original but for loop lines emptied where doall fused two
 * loops (src/parallelize/fusion.ts, src/emit/fuse-lines.ts): line by line,
 * every line that differs is now blank and was an `end do` / `enddo` or a
 * DO header (Fortran), a lone `}` or a `for (...) {` header (C), and the
 * emptied lines come in pairs, an end then a header. Anything else a
 * transformer changes is still a failure.
 */
export function onlyFusedLines(original: string, transformed: string, directiveLines: readonly number[], lang: Lang): boolean {
  const skip = new Set(directiveLines);
  const before = original.split("\n");
  const after = transformed.split("\n").filter((_, k) => !skip.has(k + 1));
  if (before.length !== after.length) return false;
  const end = lang === "c" ? /^\s*\}\s*$/ : /^\s*end\s*do\s*(!.*)?$/i;
  const head = lang === "c" ? /^\s*for\s*\(.*\)\s*\{\s*$/ : /^\s*do\s+[A-Za-z_]\w*\s*=.*$/i;
  const kinds: ("end" | "head")[] = [];
  for (let k = 0; k < before.length; k++) {
    if (before[k] === after[k]) continue;
    if (after[k]!.trim() !== "") return false;
    if (end.test(before[k]!)) kinds.push("end");
    else if (head.test(before[k]!)) kinds.push("head");
    else return false;
  }
  if (kinds.length === 0 || kinds.length % 2 !== 0) return false;
  for (let k = 0; k < kinds.length; k += 2) if (kinds[k] !== "end" || kinds[k + 1] !== "head") return false;
  return true;
}
