import type { Lang } from "./toolchain.js";

/**
 * Whether the transformed text, once its added directive lines are taken
 * out, is the original but for loop headers turned round (a row loop of
 * a row pipeline, src/parallelize/row-pipeline.ts): line by line, every
 * line that differs is a DO or for header before and after, with the same
 * text around its control, whose control runs the same bounds the other
 * way: Fortran `j = a, b` and `j = b, a, -1` (either way round); C
 * `j = a; j < b; j++` and `j = (b) - 1; j >= a; j--` (`<=` with `j = b`,
 * and `>`/`>=` counting down likewise). Checked here apart from doall's
 * own rewriting, so that a wrong bound fails. Anything else changed is
 * still a failure.
 */
export function onlyReversedHeaders(original: string, transformed: string, directiveLines: readonly number[], lang: Lang): boolean {
  const skip = new Set(directiveLines);
  const before = original.split("\n");
  const after = transformed.split("\n").filter((_, k) => !skip.has(k + 1));
  if (before.length !== after.length) return false;
  const split = (line: string) => (lang === "c" ? /^(.*?\bfor\s*\()(.*)(\).*)$/.exec(line) : /^(.*?\bdo\s+(?:\d+\s*,?\s*)?)([A-Za-z_]\w*\s*=[^!]*?)(\s*(?:!.*)?)$/i.exec(line));
  let turned = 0;
  for (let k = 0; k < before.length; k++) {
    if (before[k] === after[k]) continue;
    const b = split(before[k]!);
    const a = split(after[k]!);
    if (!a || !b || a[1] !== b[1] || a[3] !== b[3]) return false;
    if (!(lang === "c" ? cTurned(b[2]!, a[2]!) : fortranTurned(b[2]!, a[2]!))) return false;
    turned++;
  }
  return turned > 0;
}

const norm = (s: string) => s.replace(/\s+/g, "").replace(/^\((.*)\)$/, "$1");

/** `j = a, b[, 1]` against `j = b, a, -1`, or the other way. */
function fortranTurned(x: string, y: string): boolean {
  const parse = (c: string) => {
    const m = /^\s*([A-Za-z_]\w*)\s*=(.*)$/.exec(c);
    if (!m) return null;
    const parts = m[2]!.split(",").map(norm);
    return parts.length === 2 || parts.length === 3 ? { name: m[1]!.toLowerCase(), from: parts[0]!, to: parts[1]!, step: parts[2] ?? "1" } : null;
  };
  const p = parse(x);
  const q = parse(y);
  if (!p || !q || p.name !== q.name || p.from !== q.to || p.to !== q.from) return false;
  return (p.step === "1" && q.step === "-1") || (p.step === "-1" && q.step === "1");
}

/** C: `j = a; j < b; j++` against `j = (b) - 1; j >= a; j--`, `<=`, and counting down the other way. */
function cTurned(x: string, y: string): boolean {
  const parse = (c: string) => {
    const parts = c.split(";").map((s) => s.trim());
    if (parts.length !== 3) return null;
    const init = /^(?:int\s+)?([A-Za-z_]\w*)\s*=\s*(.+)$/.exec(parts[0]!);
    const cond = /^([A-Za-z_]\w*)\s*(<=|<|>=|>)\s*(.+)$/.exec(parts[1]!);
    if (!init || !cond || init[1] !== cond[1]) return null;
    const up = new RegExp(`^(${init[1]}\\+\\+|\\+\\+${init[1]}|${init[1]}\\+=1)$`).test(parts[2]!.replace(/\s+/g, ""));
    const down = new RegExp(`^(${init[1]}--|--${init[1]}|${init[1]}-=1)$`).test(parts[2]!.replace(/\s+/g, ""));
    if (up === down) return null;
    // The first and the last index the loop takes.
    const bound = norm(cond[3]!);
    const last = cond[2] === "<" ? `(${bound})-1` : cond[2] === ">" ? `(${bound})+1` : bound;
    return { name: init[1]!, first: norm(init[2]!), last: norm(last), up };
  };
  const p = parse(x);
  const q = parse(y);
  return !!p && !!q && p.name === q.name && p.up !== q.up && p.first === q.last && p.last === q.first;
}
