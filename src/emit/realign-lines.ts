import type { Loop, Stmt } from "../ir/stmt.js";
import { indexReads } from "../ir/shift-index.js";
import { childBlocks, walkExpr, walkStmts } from "../ir/walk.js";
import { groups, type Realignment } from "../parallelize/realign.js";
import { orderedBody } from "../parallelize/doacross.js";
import type { LineInsertion } from "./insert-lines.js";
import type { LineReplacement } from "./swap-headers.js";
import { FIXED_WIDTH, FREE_WIDTH, attachedAbove, closingBraceAlone, fortranEndDo, loopControl, sharedStarts, topLevelCuts } from "./loop-lines.js";

/** The text edits of an aligned or peeled loop: lines replaced (same count), lines added around the loop (peeling). */
export interface RealignEdits {
  replace: LineReplacement[];
  insert: LineInsertion[];
}

type Lang = "fortran" | "c";
type Form = "fixed" | "free" | undefined;

/**
 * The source edits that make a loop what parallelize/realign.ts planned.
 *
 * Aligned (lines are added only around Fortran statements other than
 * assignments, so the report's lines stay right):
 * the header's lower bound lowered by the shift d, each statement before
 * the split prefixed by `if (i >= L) `, each one after it by
 * `if (i + d <= U) ` (C: the loop's own condition at `i + d`) with its
 * reads of the index made `i + d`. Fortran takes the prefix as a logical
 * IF on an assignment; any other statement (a DO, a logical IF) goes
 * inside `if (...) then` / `end if` lines of its own; C, a loop inside
 * `if (...) {` / `}`, any other statement after `if (...) `.
 *
 * Peeled: a copy of the loop as written that leaves after its first
 * iteration (`exit`, `break;`) goes before it (the first iteration), and
 * the loop starts at L + 1; or the loop stops at U - 1 and a copy that
 * runs from U down and leaves after one iteration goes after it.
 *
 * Null when the text does not allow it: a header over several lines, a
 * statement whose text does not show each read of the index the analysis
 * saw (a macro), a line that would pass column 72 (fixed form) or 132, a
 * peeled loop whose end is not a line of its own. Then the loop stays as
 * written, serial (the driver checks before the report is made).
 */
export function realignLines(text: string, lang: Lang, form: Form, loop: Loop, r: Realignment): RealignEdits | null {
  const raw = text.split("\n");
  const lines = raw.map((l) => l.replace(/\r$/, ""));
  const eol = (n: number) => (raw[n - 1]?.endsWith("\r") ? "\r" : "");
  const head = loop.span.line;
  const ctl = loopControl(lines[head - 1] ?? "", lines[head], loop, lang, form);
  if (!ctl || !loop.index) return null;
  const parts = controlParts(lines[head - 1]!, ctl, lang);
  if (!parts) return null;
  const width = lang === "c" ? Infinity : form === "free" ? FREE_WIDTH : FIXED_WIDTH;
  const fits = (l: string) => l.length <= width && !(lang === "fortran" && form !== "free" && l.includes("\t"));
  // A peeled copy repeats the loop's text: a statement label or a construct name in it would be defined
  // twice (found by fuzzing: "Duplicate statement label 100", a DO 20's CONTINUE, `inner: do`).
  if (r.kind === "peel" && namesInside(lines, lang, loop)) return null;
  // The bounds' variables by name (Fortran's in lower case, as its text may spell them otherwise).
  const names = new Set<string>();
  for (const e of [loop.lower, loop.upper, loop.cond]) if (e) walkExpr(e, (x) => void (x.kind === "var" && names.add(x.sym.name)));
  const facts = textFacts(lines, lang);
  const lower = new Set([...names].map((n) => n.toLowerCase()));
  const isVariable = (n: string) => (lang === "fortran" ? lower.has(n.toLowerCase()) : names.has(n));
  const sparts: BoundParts = { ...parts, facts, text: (range) => macroSafe(lines[head - 1]!.slice(range[0], range[1]), facts.macros, isVariable) };
  const edits = r.kind === "align" ? alignEdits(lines, lang, form, loop, r.split, r.shift, sparts) : peelEdits(lines, lang, form, loop, r.which, sparts);
  if (!edits) return null;
  for (const x of edits.replace) if (!fits(x.text)) return null;
  for (const x of edits.insert) if (!x.lines.every(fits)) return null;
  return { replace: edits.replace.map((x) => ({ line: x.line, text: x.text + eol(x.line) })), insert: edits.insert };
}

/** Whether the loop holds a statement label, a labeled or named loop, or (Fortran) a line starting a named construct (`name: if`). */
function namesInside(lines: readonly string[], lang: Lang, loop: Loop): boolean {
  let named = loop.label !== undefined || loop.terminalLabel !== undefined || loop.name !== undefined;
  walkStmts(loop.body, (x: Stmt) => void ((x.label !== undefined || (x.kind === "loop" && (x.terminalLabel !== undefined || x.name !== undefined))) && (named = true)));
  if (named || lang !== "fortran") return named;
  for (let n = loop.span.line; n <= loop.endSpan.endLine; n++) if (/^\s*[A-Za-z]\w*\s*:(?!:)\s*[A-Za-z]/.test((lines[n - 1] ?? "").replace(/^\s{0,5}\d*\s*/, ""))) return true;
  return false;
}

/** The pieces of a one-line loop control: Fortran `i = L, U`; C `init; cond; update`. Columns are the line's. */
interface Parts {
  index: string;
  /** [from, to) of the lower bound's text (after `=`), and of the upper bound's (Fortran) or the condition's (C). */
  lower: [number, number];
  upper: [number, number];
  /** C: the bound within the condition, when it is `i < E` or `i <= E`; its operator. */
  bound?: [number, number];
  op?: "<" | "<=";
  /** Where the init's part before the lower bound ends (`int i =`: the column after `=`). */
  initEq: number;
  /** The column after the control (where the `)` is in C). */
  end: number;
}

/** The parts, with each bound's text as an operand (macroSafe), and what the file's text holds (textFacts). */
interface BoundParts extends Parts {
  text(range: [number, number]): string;
  facts: TextFacts;
}

/** What `substitute` needs of a whole text, found once per text. */
interface TextFacts {
  /**
   * A preprocessor may expand the text: C, and Fortran that defines or includes macros (a .F90 with
   * `#define TW(k) b(k)*k`: found by fuzzing, TW(i-1) shifted to TW(i) is not b(i)*i+1-1).
   */
  macros: boolean;
  /**
   * C comments, which may run over several lines (found by fuzzing: an `i` on the second line of a block
   * comment was shifted, and the b[i] after the comment's start on the line before was not).
   */
  comments: Map<number, [number, number][]> | null;
}

function textFacts(lines: readonly string[], lang: Lang): TextFacts {
  return { macros: lang === "c" || lines.some((l) => /^\s*#\s*(define|include)\b/.test(l)), comments: lang === "c" ? cComments(lines) : null };
}

function controlParts(line: string, ctl: { from: number; to: number }, lang: Lang): Parts | null {
  const cuts = topLevelCuts(line, ctl.from, ctl.to, lang === "c" ? ";" : ",");
  if (lang === "fortran" ? cuts.length !== 1 : cuts.length !== 2) return null;
  const first: [number, number] = [ctl.from, cuts[0]!];
  const eq = line.indexOf("=", first[0]);
  if (eq < 0 || eq >= first[1] || line[eq + 1] === "=") return null;
  const index = line.slice(first[0], eq).trim().split(/\s+/).pop() ?? "";
  const lower: [number, number] = [eq + 1, first[1]];
  const upper: [number, number] = [cuts[0]! + 1, lang === "c" ? cuts[1]! : ctl.to];
  const parts: Parts = { index, lower, upper, initEq: eq + 1, end: ctl.to };
  if (lang === "c") {
    const cond = line.slice(upper[0], upper[1]);
    const m = /^(\s*)([A-Za-z_]\w*)(\s*)(<=|<)(?!<)/.exec(cond);
    if (m && m[2] === index) {
      parts.op = m[4] as "<" | "<=";
      parts.bound = [upper[0] + m[0].length, upper[1]];
    }
  }
  return parts;
}

/** A bound's text plus `delta`, spaced as written: `2` -> `1`, `n` -> `n - 1`, `a ? b : c` -> `(a ? b : c) - 1`. */
function shifted(t: string, delta: number): string {
  const lead = /^\s*/.exec(t)![0];
  const trail = /\s*$/.exec(t)![0];
  const core = t.trim();
  const op = delta < 0 ? "-" : "+";
  // A decimal literal is folded; not one with a leading zero, which C reads as octal (010 is 8: found by
  // fuzzing, a peeled loop started at 11 for 9).
  if (/^[+-]?(0|[1-9]\d*)$/.test(core)) return lead + String(Number(core) + delta) + trail;
  const e = /^[\w\s+\-*/%().]*$/.test(core) && !/[*/%]\s*$/.test(core) ? core : `(${core})`;
  return `${lead}${e} ${op} ${Math.abs(delta)}${trail}`;
}

/** A bound as an operand of a comparison: parenthesized unless a name or a number. */
function operand(t: string): string {
  const core = t.trim();
  return /^(\w+|[+-]?\d+)$/.test(core) || wrapped(core) ? core : `(${core})`;
}

/** Whether the text is one parenthesized whole: `(a + b)`, not `(a) + (b)`. */
function wrapped(core: string): boolean {
  if (!core.startsWith("(") || !core.endsWith(")")) return false;
  let depth = 0;
  for (let k = 0; k < core.length; k++) {
    if (core[k] === "(") depth++;
    else if (core[k] === ")" && --depth === 0 && k < core.length - 1) return false;
  }
  return true;
}

/**
 * A bound's text as an operand that a preprocessor cannot split: where
 * macros may be (C; Fortran that defines or includes them), parenthesized
 * unless an integer literal or a name the loop's bounds read as a variable
 * (found by fuzzing: with `#define M 1<<21`, `M - 1` is `1<<20`; a macro's
 * name is no variable of the bounds, which hold its expansion).
 */
function macroSafe(t: string, macros: boolean, isVariable: (name: string) => boolean): string {
  const core = t.trim();
  if (!macros || core === "" || /^[+-]?(\d+|0[xX][\da-fA-F]+)[uUlL]*$/.test(core) || isVariable(core) || wrapped(core)) return t;
  const lead = /^\s*/.exec(t)![0];
  const trail = /\s*$/.exec(t)![0];
  return `${lead}(${core})${trail}`;
}

function splice(line: string, [from, to]: [number, number], text: string): string {
  return line.slice(0, from) + text + line.slice(to);
}

/** One edit of a line: `del` characters at `col` replaced by `ins`. */
interface Edit {
  line: number;
  col: number;
  del: number;
  ins: string;
}

function applyEdits(lines: readonly string[], edits: readonly Edit[]): LineReplacement[] {
  const byLine = new Map<number, Edit[]>();
  for (const e of edits) byLine.set(e.line, [...(byLine.get(e.line) ?? []), e]);
  return [...byLine].map(([line, es]) => {
    let t = lines[line - 1]!;
    for (const e of [...es].sort((a, b) => b.col - a.col)) t = t.slice(0, e.col) + e.ins + t.slice(e.col + e.del);
    return { line, text: t };
  });
}

function alignEdits(lines: readonly string[], lang: Lang, form: Form, loop: Loop, split: number, shift: number, p: BoundParts): { replace: LineReplacement[]; insert: LineInsertion[] } | null {
  const head = loop.span.line;
  const i = p.index;
  const [a, b] = groups(orderedBody(loop), split);
  // Statements of one macro's expansion (`TWO(i);` two assignments) start at one place: a guard there would
  // take the first alone (found by fuzzing).
  if (a.length === 0 || b.length === 0 || sharedStarts(orderedBody(loop))) return null;
  const lowerText = p.text(p.lower);
  const ge = lang === "fortran" && form !== "free" ? ".ge." : ">=";
  const le = lang === "fortran" && form !== "free" ? ".le." : "<=";
  let guardB: string;
  if (lang === "fortran") guardB = `if (${i} + ${shift} ${le} ${operand(p.text(p.upper))}) `;
  else {
    const condText = [lines[head - 1]!.slice(p.upper[0], p.upper[1])];
    const cond = substitute(condText, i, shift, lang, "free", [{ line: 1, from: 0, to: Infinity }], textFacts(condText, lang));
    if (cond.count === 0) return null;
    guardB = `if (${applyEdits([lines[head - 1]!.slice(p.upper[0], p.upper[1])], cond.edits)[0]!.text.trim()}) `;
  }
  const guardA = `if (${i} ${ge} ${operand(lowerText)}) `;
  const edits: Edit[] = [{ line: head, col: p.lower[0], del: p.lower[1] - p.lower[0], ins: shifted(lowerText, -shift) }];
  const starts = (s: Stmt) => s.span.line > head && s.span.line < loop.endSpan.line;
  // Where the statement's text starts (fixed form's spans start at column 7, before the blanks).
  const at = (s: Stmt) => {
    const t = lines[s.span.line - 1]!;
    const k = t.slice(s.span.column - 1).search(/\S/);
    return s.span.column - 1 + Math.max(0, k);
  };
  // Fortran: a logical IF takes one assignment; any other statement (a DO, an IF block) goes inside an IF block,
  // on lines of its own, so the statement must be whole lines.
  const inserts: LineInsertion[] = [];
  // A directive or preprocessor line right before a statement belongs to it (`#pragma GCC ivdep`, `!$omp simd`,
  // `!dir$`): a guard put between them would take its place.
  const directiveBefore = (line: number) => attachedAbove(lines, line, lang);
  const guard = (s: Stmt, g: string): boolean => {
    if (directiveBefore(s.span.line)) return false;
    // C: any statement but a loop takes the guard before it; a loop goes in a block of its own lines (a
    // `#pragma omp simd` it may get must stand right before its `for`).
    if ((lang === "c" && s.kind !== "loop") || s.kind === "assign") {
      edits.push({ line: s.span.line, col: at(s), del: 0, ins: g });
      return true;
    }
    // Fortran: a DO (to its END DO) or a logical IF; an IF block's END IF is not in the IR: not wrapped.
    if (s.kind !== "loop" && !(s.kind === "if" && s.logical)) return false;
    const x = extent(s);
    const first = lines[x.line - 1]!;
    const last = lines[x.endLine - 1]!;
    const fixed = lang === "fortran" && form !== "free";
    const before = fixed ? first.slice(6, at(s)) : first.slice(0, at(s));
    const after = last.slice(x.endColumn - 1);
    if (!/^\s*$/.test(before) || (fixed && /^[cC*!]/.test(first)) || !(lang === "c" ? /^\s*(\/\/.*)?$/ : /^\s*(!.*)?$/).test(after)) return false;
    const indent = (fixed ? "      " : "") + /^[ \t]*/.exec(fixed ? first.slice(6) : first)![0];
    const [open, close] = lang === "c" ? [`${g}{`, "}"] : [`${g}then`, "end if"];
    inserts.push({ line: x.line, where: "before", lines: [`${indent}${open}`] }, { line: x.endLine, where: "after", lines: [`${indent}${close}`] });
    return true;
  };
  for (const s of a) if (!starts(s) || !guard(s, guardA)) return null;
  const shiftedAt: Edit[] = [];
  for (const s of b) {
    const x = extent(s);
    if (!starts(s) || x.endLine >= loop.endSpan.line || !guard(s, guardB)) return null;
    const ranges: Range[] = [];
    for (let n = x.line; n <= x.endLine; n++) ranges.push({ line: n, from: n === x.line ? x.column - 1 : 0, to: n === x.endLine ? x.endColumn - 1 : Infinity });
    const sub = substitute(lines, i, shift, lang, form, ranges, p.facts);
    edits.push(...sub.edits);
    shiftedAt.push(...sub.edits);
  }
  if (!sameReads(lines, lang, loop, indexReads(b, loop.index!), shiftedAt)) return null;
  return { replace: applyEdits(lines, edits), insert: inserts };
}

/**
 * Whether the text's reads of the index (`edits`, one per name shifted)
 * are, place for place, the ones the analysis shifted (`places`,
 * file:line:column, with how many reads each). A name that is no read
 * (`sizeof(i)`) is at no place; an object-like macro's read (`#define
 * PREV a[i - 1]`) has no name in the text (found by fuzzing: with one of
 * each, counting them matched, and PREV kept reading a[i - 1]). A
 * function-like macro's expansion reads at the macro's name: the names
 * shifted in its arguments stand for those reads when the file defines
 * the macro and its body reads each argument as often as the analysis
 * counted, and names nothing more of the index (`#define TW(k) b(k)*k`:
 * TW(i-1) reads i twice, and shifted is TW((i + 1)-1)).
 */
function sameReads(lines: readonly string[], lang: Lang, loop: Loop, places: ReadonlyMap<string, number>, edits: readonly Edit[]): boolean {
  const file = loop.span.file;
  const seen = new Set<string>();
  const inMacro = new Map<string, Edit[]>();
  for (const e of edits) {
    const at = `${file}:${e.line}:${e.col + 1}`;
    if (places.has(at)) {
      seen.add(at);
      continue;
    }
    const call = enclosingCall(lines, e);
    if (call === null) return false;
    const key = `${file}:${e.line}:${call + 1}`;
    inMacro.set(key, [...(inMacro.get(key) ?? []), e]);
  }
  for (const [key, es] of inMacro) {
    const n = places.get(key);
    if (n === undefined || seen.has(key)) return false;
    const [, line, column] = /:(\d+):(\d+)$/.exec(key)!;
    if (macroReads(lines, lang, Number(line), Number(column) - 1, es) !== n) return false;
    seen.add(key);
  }
  return seen.size === places.size;
}

/** The column (0-based) of the name before the innermost parenthesis around the edit on its line, or null. */
function enclosingCall(lines: readonly string[], e: Edit): number | null {
  const t = lines[e.line - 1]!;
  let depth = 0;
  for (let k = e.col - 1; k >= 0; k--) {
    const c = t[k]!;
    if (c === ")") depth++;
    else if (c === "(" && depth > 0) depth--;
    else if (c === "(") {
      const m = /([A-Za-z_]\w*)\s*$/.exec(t.slice(0, k));
      return m ? m.index : null;
    }
  }
  return null;
}

/**
 * How many reads of the index the invocation of the function-like macro
 * at `col` of `line` makes, as the file's one `#define` of it says: each
 * parameter's uses in the body times the index names (`edits`) in its
 * argument; -1 when that cannot be told (no definition or several, a
 * continued one, `#`/`##`, the invocation not on one line).
 */
function macroReads(lines: readonly string[], lang: Lang, line: number, col: number, edits: readonly Edit[]): number {
  const t = lines[line - 1]!;
  const m = /^([A-Za-z_]\w*)\s*\(/.exec(t.slice(col));
  if (!m) return -1;
  const name = lang === "fortran" ? m[1]!.toLowerCase() : m[1]!;
  const defs = lines.flatMap((l) => {
    const d = /^\s*#\s*define\s+([A-Za-z_]\w*)\(([^)]*)\)(.*)$/.exec(l);
    return d && (lang === "fortran" ? d[1]!.toLowerCase() : d[1]) === name ? [d] : [];
  });
  if (defs.length !== 1 || /[#\\]/.test(defs[0]![3]!)) return -1;
  const params = defs[0]![2]!.split(",").map((x) => x.trim());
  const body = defs[0]![3]!;
  // The arguments: top-level commas between the invocation's parentheses.
  const open = col + m[0].length;
  const starts = [open];
  let depth = 0;
  let close = -1;
  for (let k = open; k < t.length && close < 0; k++) {
    if (t[k] === "(") depth++;
    else if (t[k] === ")" && depth > 0) depth--;
    else if (t[k] === ")") close = k;
    else if (t[k] === "," && depth === 0) starts.push(k + 1);
  }
  if (close < 0 || starts.length !== params.length) return -1;
  let reads = 0;
  for (const [j, p] of params.entries()) {
    const from = starts[j]!;
    const to = j + 1 < starts.length ? starts[j + 1]! - 1 : close;
    const names = edits.filter((e) => e.col >= from && e.col < to).length;
    const uses = p ? (body.match(new RegExp(`\\b${p}\\b`, lang === "fortran" ? "gi" : "g")) ?? []).length : 0;
    reads += names * uses;
  }
  return edits.every((e) => e.col >= open && e.col < close) ? reads : -1;
}

/**
 * Whether column `at` of the line lies inside the parentheses of a call
 * (a name before the `(`), at any depth: a macro's argument, spliced into
 * its body as text (`#define SQ(x) x*x`: `SQ(k + i)` one iteration later
 * must be `SQ(k + (i + 1))`, not `SQ(k + i + 1)`: found by fuzzing).
 */
function inCallArgument(t: string, at: number): boolean {
  let depth = 0;
  for (let k = at - 1; k >= 0; k--) {
    const c = t[k]!;
    if (c === ")" || c === "]") depth++;
    else if ((c === "(" || c === "[") && depth > 0) depth--;
    else if (c === "(") {
      const name = /([A-Za-z_$][\w$]*)\s*$/.exec(t.slice(0, k))?.[1];
      // `if (`, `while (`, `sizeof (`: no call.
      if (name !== undefined && !NOT_CALLS.has(name.toLowerCase())) return true;
    }
  }
  return false;
}

const NOT_CALLS = new Set(["if", "while", "for", "switch", "return", "sizeof", "case", "elseif", "select", "where", "forall"]);

/** The text a statement spans: a loop's span is its header, its end is endSpan; an IF's, its condition and what it holds. */
function extent(s: Stmt): { line: number; column: number; endLine: number; endColumn: number } {
  if (s.kind === "loop") return { line: s.span.line, column: s.span.column, endLine: s.endSpan.endLine, endColumn: s.endSpan.endColumn };
  let end = { endLine: s.span.endLine, endColumn: s.span.endColumn };
  for (const b of childBlocks(s))
    for (const t of b) {
      const x = extent(t);
      if (x.endLine > end.endLine || (x.endLine === end.endLine && x.endColumn > end.endColumn)) end = { endLine: x.endLine, endColumn: x.endColumn };
    }
  return { line: s.span.line, column: s.span.column, ...end };
}

function peelEdits(lines: readonly string[], lang: Lang, form: Form, loop: Loop, which: "first" | "last", p: BoundParts): { replace: LineReplacement[]; insert: LineInsertion[] } | null {
  const head = loop.span.line;
  const end = loop.endSpan.line;
  const header = lines[head - 1]!;
  const endText = lines[end - 1]!;
  if (end <= head || loop.terminalLabel !== undefined || loop.sharesLine) return null;
  // The loop is whole lines, its end a line of its own: the copy is those lines, with a way out before the end.
  const alone = lang === "c" ? closingBraceAlone(endText) && /^\s*$/.test(header.slice(0, loop.span.column - 1)) : fortranEndDo(endText, form);
  if (!alone) return null;
  // C: the copy is a second statement, so the loop must not be the unbraced body of a for, while, if or
  // else (found by fuzzing: only one of the two stayed under the `for (k ...)`); and a preprocessor line in
  // the body (`#undef K`) would read otherwise where the copy stands.
  if (lang === "c" && (unbracedBody(lines, head) || lines.slice(head, end - 1).some((l) => /^\s*#/.test(l)))) return null;
  const indent = /^[ \t]*/.exec(endText)![0] + "  ";
  const leave = lang === "c" ? `${indent}break;` : `${indent}exit`;
  const body = lines.slice(head, end - 1);
  const i = p.index;
  if (which === "first") {
    const core = splice(header, p.lower, shifted(p.text(p.lower), 1));
    return { replace: [{ line: head, text: core }], insert: [{ line: head, where: "before", lines: [header, ...body, leave, endText] }] };
  }
  // The last iteration: the loop from U down to L, left after one iteration, after the loop that stops at U - 1.
  let reversed: string;
  let core: string;
  if (lang === "fortran") {
    const lower = p.text(p.lower).trim();
    const upper = p.text(p.upper).trim();
    reversed = header.slice(0, p.initEq) + ` ${upper}, ${lower}, -1` + header.slice(p.end);
    core = splice(header, p.upper, " " + shifted(upper, -1));
  } else {
    if (!p.bound || !p.op) return null;
    const bound = p.text(p.bound);
    const last = p.op === "<" ? shifted(bound, -1).trim() : bound.trim();
    const lower = p.text(p.lower).trim();
    reversed = header.slice(0, p.initEq) + ` ${last}; ${i} >= ${operand(lower)}; ${i}--` + header.slice(p.end);
    core = splice(header, p.bound, shifted(bound, -1));
  }
  return { replace: [{ line: head, text: core }], insert: [{ line: end, where: "after", lines: [reversed, ...body, leave, endText] }] };
}

/** Whether the statement on line `head` (C) is the body of a control statement written without braces: the code before it ends with `)`, `else` or `do`. */
function unbracedBody(lines: readonly string[], head: number): boolean {
  for (let n = head - 1; n >= 1; n--) {
    const t = lines[n - 1]!.replace(/\/\/.*$/, "").replace(/\/\*.*?\*\//g, "").trim();
    if (t === "" || t.startsWith("#")) continue;
    return /(\)|\belse|\bdo)$/.test(t) || !/[;{}:]$/.test(t);
  }
  return false;
}

/** The columns [from, to) of each line (1-based line numbers) that C comments cover, block comments over several lines too. */
function cComments(lines: readonly string[]): Map<number, [number, number][]> {
  const out = new Map<number, [number, number][]>();
  const add = (line: number, from: number, to: number) => {
    let l = out.get(line);
    if (!l) out.set(line, (l = []));
    l.push([from, to]);
  };
  let block = false;
  for (let n = 0; n < lines.length; n++) {
    const t = lines[n]!;
    let quote: string | null = null;
    let start = 0;
    for (let k = 0; k < t.length; k++) {
      if (block) {
        if (t[k] === "*" && t[k + 1] === "/") {
          block = false;
          add(n + 1, start, k + 2);
          k++;
        }
        continue;
      }
      const c = t[k]!;
      if (quote) {
        if (c === "\\") k++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === "'" || c === '"') quote = c;
      else if (c === "/" && t[k + 1] === "/") {
        add(n + 1, k, t.length);
        break;
      } else if (c === "/" && t[k + 1] === "*") {
        block = true;
        start = k;
        k++;
      }
    }
    if (block) add(n + 1, start, t.length);
  }
  return out;
}

interface Range {
  line: number;
  from: number;
  to: number;
}

/**
 * The edits that make each read of the index `i` in the ranges read
 * `i + d` (as `i + d` where it is a whole operand between separators or
 * additions, else `(i + d)`; `i - 1` read one iteration later is `i`), skipping strings, comments, fixed form's
 * columns 1-6, and names after `%`, `.` or `->` (components). `count`:
 * how many.
 */
function substitute(lines: readonly string[], name: string, d: number, lang: Lang, form: Form, ranges: readonly Range[], { macros, comments }: TextFacts): { edits: Edit[]; count: number } {
  const edits: Edit[] = [];
  const fixed = lang === "fortran" && form !== "free";
  const same = (x: string) => (lang === "fortran" ? x.toLowerCase() === name.toLowerCase() : x === name);
  for (const r of ranges) {
    const t = lines[r.line - 1] ?? "";
    if (fixed && /^[cC*!]/.test(t)) continue;
    let quote: string | null = null;
    const skip = comments?.get(r.line) ?? [];
    for (let k = fixed ? 6 : 0; k < t.length; k++) {
      const inComment = skip.find(([from, to]) => k >= from && k < to);
      if (inComment) {
        k = inComment[1] - 1;
        continue;
      }
      const c = t[k]!;
      if (quote) {
        if (c === "\\" && lang === "c") k++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === "'" || c === '"') {
        quote = c;
        continue;
      }
      if (lang === "fortran" && c === "!") break;
      if (!/[A-Za-z_]/.test(c) || (k > 0 && /[\w$]/.test(t[k - 1]!))) continue;
      const m = /^[A-Za-z_]\w*/.exec(t.slice(k))!;
      const word = m[0];
      const at = k;
      k += word.length - 1;
      if (at < r.from || at >= r.to || !same(word)) continue;
      const before = t.slice(0, at).trimEnd();
      const after = t.slice(at + word.length).trimStart();
      if (/(%|\.|->)$/.test(before)) continue;
      // An argument of a call may be a macro's (`#define TRI(x) 3*x`): spliced into its body as text,
      // `i + 1` would bind to what surrounds it there (found by fuzzing). Parenthesized, never folded.
      const argument = macros && (/,$/.test(before) || inCallArgument(t, at));
      // The end of a line is no end of an operand: the statement may go on (`+ i` then `* 2` below).
      // A `+` before it must be an addition: a unary one follows an operator (`a - +i` is `a - (i + 1)` one
      // iteration later, not `a - +i + 1`: found by fuzzing).
      // (Nor a `)` before it: `(unsigned char) + i` is a cast of +i.)
      const whole = !argument && (/[(,[=]$/.test(before) || /[\w$\]]\s*\+$/.test(before)) && /^[),\]+\-;]/.test(after);
      // `i - 1` read one iteration later is `i`, `i + 1` is `i + 2`: folded when the sum is a whole operand
      // and the number decimal (C reads 010 as 8).
      const tail = whole ? /^(\s*)([+-])(\s*)(0|[1-9]\d*)(?=\s*[),\];])/.exec(t.slice(at + word.length)) : null;
      if (tail) {
        const v = (tail[2] === "-" ? -1 : 1) * Number(tail[4]) + d;
        edits.push({ line: r.line, col: at, del: word.length + tail[0].length, ins: v === 0 ? word : `${word}${tail[1]}${v < 0 ? "-" : "+"}${tail[3]}${Math.abs(v)}` });
      } else edits.push({ line: r.line, col: at, del: word.length, ins: whole ? `${word} + ${d}` : `(${word} + ${d})` });
    }
  }
  return { edits, count: edits.length };
}
