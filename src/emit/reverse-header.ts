import type { Loop } from "../ir/stmt.js";
import { constStep } from "../parallelize/plain-loop.js";
import type { LineReplacement } from "./swap-headers.js";
import { FIXED_WIDTH, FREE_WIDTH, loopControl, topLevelCuts } from "./loop-lines.js";

/**
 * The header line of a loop whose iterations run in the other order
 * (a row pipeline's row loop, parallelize/row-pipeline.ts, turned to run
 * its rows as the other row loops do): `do j = jst, jend` becomes `do j =
 * jend, jst, -1` and back; C's `for (j = a; j < b; j++)` becomes `for (j =
 * (b) - 1; j >= (a); j--)`, `<=` and `>`/`>=` likewise, and back. The
 * bounds keep their text (macros, spelling); labels, construct names and
 * comments stay. Only for a loop that carries no dependence and whose
 * index is not read after it (the caller checks): then the order of its
 * iterations does not matter. Null when the text does not allow it: a
 * header over several lines, a control in another form, a step other than
 * 1 or -1, an unsigned C index (`j >= 0` would hold for ever), a line past
 * the form's width.
 */
export function reverseHeader(text: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined, loop: Loop): LineReplacement | null {
  const lines = text.split("\n");
  const line = lines[loop.span.line - 1];
  const index = loop.index;
  const step = constStep(loop);
  if (line === undefined || !index || (step !== 1 && step !== -1)) return null;
  const raw = line.replace(/\r$/, "");
  const at = loopControl(raw, lines[loop.span.line], loop, lang, form);
  if (!at) return null;
  const control = raw.slice(at.from, at.to);
  const reversed = lang === "c" ? cReversed(control, index.name, step, !!index.type.unsigned) : fortranReversed(control, index.name, step);
  if (reversed === null) return null;
  const out = raw.slice(0, at.from) + reversed + raw.slice(at.to) + (line.endsWith("\r") ? "\r" : "");
  const width = lang === "c" ? Infinity : form === "free" ? FREE_WIDTH : FIXED_WIDTH;
  return out.replace(/\r$/, "").length > width ? null : { line: loop.span.line, text: out };
}

/** The pieces of a control between its separators outside parentheses. */
function topLevel(s: string, sep: string): string[] {
  const cuts = topLevelCuts(s, 0, s.length, sep);
  return [-1, ...cuts].map((c, k) => s.slice(c + 1, cuts[k] ?? s.length));
}

/** `j = a, b` as `j = b, a, -1`; `j = a, b, -1` as `j = b, a`. */
function fortranReversed(control: string, name: string, step: number): string | null {
  const parts = topLevel(control, ",");
  if (parts.length !== 2 && parts.length !== 3) return null;
  const m = /^(\s*[A-Za-z_]\w*\s*=\s*)(.*?)\s*$/.exec(parts[0]!);
  if (!m || m[1]!.split("=")[0]!.trim().toLowerCase() !== name.toLowerCase()) return null;
  const lo = m[2]!.trim();
  const hi = parts[1]!.trim();
  if (!lo || !hi) return null;
  return step === 1 ? `${m[1]}${hi}, ${lo}, -1` : `${m[1]}${hi}, ${lo}`;
}

/** C: `j = a; j < b; j++` as `j = (b) - 1; j >= (a); j--`, and the other forms. */
function cReversed(control: string, name: string, step: number, unsigned: boolean): string | null {
  if (unsigned) return null;
  const parts = topLevel(control, ";");
  if (parts.length !== 3) return null;
  const [init, cond, update] = parts.map((p) => p.trim()) as [string, string, string];
  const id = name.replace(/[$]/g, "\\$");
  const mi = new RegExp(`^((?:int|long|short|long\\s+long|signed)\\s+)?${id}\\s*=\\s*(.+)$`).exec(init);
  if (!mi) return null;
  const decl = mi[1] ?? "";
  const start = mi[2]!.trim();
  const up = new RegExp(`^(?:${id}\\s*\\+\\+|\\+\\+\\s*${id}|${id}\\s*\\+=\\s*1)$`).test(update);
  const down = new RegExp(`^(?:${id}\\s*--|--\\s*${id}|${id}\\s*-=\\s*1)$`).test(update);
  const mc = new RegExp(`^${id}\\s*(<=|<|>=|>)\\s*(.+)$`).exec(cond);
  if (!mc) return null;
  const op = mc[1]!;
  const bound = mc[2]!.trim();
  // The start becomes the bound of a comparison: parenthesized unless a name or a number.
  const plain = (e: string) => (/^[A-Za-z_]\w*$|^\d+$/.test(e) ? e : `(${e})`);
  if (step === 1 && up && (op === "<" || op === "<=")) {
    const first = op === "<" ? `(${bound}) - 1` : bound;
    return `${decl}${name} = ${first}; ${name} >= ${plain(start)}; ${name}--`;
  }
  if (step === -1 && down && (op === ">" || op === ">=")) {
    const first = op === ">" ? `(${bound}) + 1` : bound;
    return `${decl}${name} = ${first}; ${name} <= ${plain(start)}; ${name}++`;
  }
  return null;
}
