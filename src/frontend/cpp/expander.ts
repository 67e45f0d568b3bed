import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { lexOne } from "./pp-lexer.js";
import { intersectHide, isPunct, tokenOrigin, unionHide, type PPToken } from "./pp-token.js";
import { tokenSpan, type Macro } from "./macro.js";
import type { Origin } from "./source-map.js";

/** Where unexpanded tokens come from: the rest of a file, or a fixed list. */
export interface TokenSource {
  next(): PPToken | undefined;
  peek(): PPToken | undefined;
}

export function listSource(toks: readonly PPToken[]): TokenSource {
  let i = 0;
  return { next: () => toks[i++], peek: () => toks[i] };
}

/** A source with tokens pushed back in front of it (the results of expansions, to be rescanned). */
class Stream {
  /** A stack: the next token is the last element. */
  readonly pending: PPToken[] = [];
  constructor(readonly src: TokenSource) {}
  next(): PPToken | undefined {
    return this.pending.pop() ?? this.src.next();
  }
  peek(): PPToken | undefined {
    return this.pending.length ? this.pending[this.pending.length - 1] : this.src.peek();
  }
  unshift(toks: PPToken[]): void {
    for (let i = toks.length - 1; i >= 0; i--) this.pending.push(toks[i]!);
  }
}

/** Nesting bound: a runaway expansion is reported instead of hanging. */
const MAX_EXPANSIONS = 1_000_000;

/**
 * Work bound: tokens that the expansion of one macro use in the source may
 * produce. Ten macros each using the previous one ten times (the "billion
 * laughs" shape) ask for 10^10; the largest expansions in real codes are a
 * few thousand tokens. Counting tokens as they are produced stops it before
 * the work is done; the preprocessor's output cap (checked per line) bounds
 * the total of many uses.
 */
export const MAX_EXPANDED_TOKENS = 100_000;
/** And all uses of one file together (the 8 MB output cap is only checked at line ends, after the work). */
export const MAX_FILE_EXPANDED_TOKENS = 1_000_000;

/**
 * Macro expansion as C99 6.10.3 specifies it, with Prosser's hide sets
 * (the algorithm of Dave Prosser's notes, also used by chibicc): a token
 * produced by expanding macro M carries M in its hide set and is not
 * expanded as M again; arguments are fully expanded before substitution
 * except next to `#` and `##`; the result is rescanned with the rest of
 * the input. Supports `#`, `##` (with placemarkers), `__VA_ARGS__`,
 * `__VA_OPT__`, GNU `, ## __VA_ARGS__` and named variadic parameters.
 */
export class Expander {
  private count = 0;
  private counter = 0;
  private reportedRunaway = false;
  /** Tokens the current macro use has produced; past MAX_EXPANDED_TOKENS nothing more is expanded. */
  private produced = 0;
  /** Tokens all uses have produced. */
  private total = 0;
  /** Whether a use ran over the budget (the preprocessor then stops its output). */
  exhausted = false;

  constructor(
    readonly macros: Map<string, Macro>,
    readonly diags: Diagnostic[],
    /** Called for every identifier looked up in a defined/expanded context (for tests and statistics). */
    private readonly onExpand?: (m: Macro, at: Origin) => void,
  ) {}

  /** The next fully expanded token of `stream`, or undefined at its end. */
  private nextExpanded(st: Stream): PPToken | undefined {
    for (;;) {
      // A token read from the source, not from an expansion, starts a new use.
      if (st.pending.length === 0) this.produced = 0;
      const t = st.next();
      if (!t) return undefined;
      if (t.kind !== "ident" || t.noExpand) return t;
      const m = this.macros.get(t.text);
      if (!m) return t;
      if (t.hide?.has(t.text)) return { ...t, noExpand: true };
      if (++this.count > MAX_EXPANSIONS) {
        if (!this.reportedRunaway) {
          this.reportedRunaway = true;
          this.diags.push({ id: "cpp.runaway", severity: "error", message: `macro expansion does not terminate (more than ${MAX_EXPANSIONS} expansions)`, span: tokenSpan(t) });
        }
        return t;
      }
      const at = tokenOrigin(t);
      if (this.exhausted) return t;
      if (m.dynamic) {
        st.unshift([this.dynamicToken(m, t, at)]);
        continue;
      }
      if (m.params === null) {
        this.onExpand?.(m, at);
        const hs = unionHide(t.hide, m.name);
        if (this.overBudget(m.body.length, at, st)) return t;
        st.unshift(this.finish(m.body.map(bodyToken), hs, at, t.space));
        continue;
      }
      if (!isPunct(st.peek(), "(")) return t;
      const call = this.readArgs(st, m, t);
      if (!call) continue;
      this.onExpand?.(m, at);
      const hs = unionHide(intersectHide(t.hide, call.rparen.hide), m.name);
      const body = this.subst(m, m.body, call.args);
      if (this.overBudget(body.length, at, st)) return t;
      st.unshift(this.finish(body, hs, at, t.space));
    }
  }

  /**
   * Counts `n` more produced tokens. Past the budget: an error at the
   * macro use in the source (where the outermost expansion began), the
   * rest of the expansion under way is dropped, nothing more is expanded,
   * and the preprocessor stops (withinLimits).
   */
  private overBudget(n: number, at: Origin, st: Stream): boolean {
    this.produced += n;
    this.total += n;
    if (this.produced <= MAX_EXPANDED_TOKENS && this.total <= MAX_FILE_EXPANDED_TOKENS) return false;
    this.exhausted = true;
    st.pending.length = 0;
    const what = this.produced > MAX_EXPANDED_TOKENS ? `${MAX_EXPANDED_TOKENS.toLocaleString("en-US")} tokens in one use` : `${MAX_FILE_EXPANDED_TOKENS.toLocaleString("en-US")} tokens in the file`;
    this.diags.push({
      id: "cpp.expansion-limit",
      severity: "error",
      message: `macro expansion exceeds ${what} (a runaway macro?); the file is not analyzed`,
      span: { file: at.file, line: at.line, column: at.column, endLine: at.line, endColumn: at.column + 1 },
    });
    return true;
  }

  /** Expands a whole token source to a list. */
  expandAll(src: TokenSource): PPToken[] {
    const st = new Stream(src);
    const out: PPToken[] = [];
    for (let t = this.nextExpanded(st); t; t = this.nextExpanded(st)) out.push(t);
    return out;
  }

  /**
   * A streaming expander over `src`: each call returns the next expanded
   * token. Used for file text, where a function-like macro's arguments may
   * continue on later lines.
   */
  stream(src: TokenSource): () => PPToken | undefined {
    const st = new Stream(src);
    return () => this.nextExpanded(st);
  }

  private dynamicToken(m: Macro, t: PPToken, at: Origin): PPToken {
    const base = { file: t.file, line: t.line, column: t.column, space: t.space, bol: false, hide: null, expandedAt: at, viaMacro: true };
    if (m.dynamic === "line") return { ...base, kind: "number", text: String(at.line) };
    if (m.dynamic === "counter") return { ...base, kind: "number", text: String(this.counter++) };
    return { ...base, kind: "string", text: JSON.stringify(at.file) };
  }

  /** Adds the hide set and the invocation origin to every token of an expansion. */
  private finish(toks: PPToken[], hs: ReadonlySet<string>, at: Origin, space: boolean): PPToken[] {
    const out: PPToken[] = [];
    for (const x of toks) {
      if (x.placemarker) continue;
      const hide = x.hide ? unionAll(x.hide, hs) : hs;
      // Built field by field: a spread and `delete fromBody` made every expanded token a
      // dictionary-mode object, and this was most of the preprocessor's time on macro-heavy input.
      const t: PPToken = { kind: x.kind, text: x.text, file: x.file, line: x.line, column: x.column, space: x.space, bol: false, hide, viaMacro: true };
      // Body tokens map to the invocation; argument tokens keep where they were written.
      if (x.fromBody || x.expandedAt) t.expandedAt = x.expandedAt ?? at;
      if (x.noExpand) t.noExpand = true;
      if (x.unterminated) t.unterminated = true;
      out.push(t);
    }
    if (out.length) out[0] = { ...out[0]!, space };
    return out;
  }

  private readArgs(st: Stream, m: Macro, name: PPToken): { args: PPToken[][]; rparen: PPToken } | undefined {
    st.next(); // (
    const args: PPToken[][] = [[]];
    let depth = 0;
    const nparams = m.params!.length;
    for (;;) {
      const t = st.next();
      if (!t) {
        this.diags.push({ id: "cpp.macro-args", severity: "error", message: `unterminated argument list invoking macro '${m.name}'`, span: tokenSpan(name) });
        return undefined;
      }
      if (isPunct(t, "(")) depth++;
      else if (isPunct(t, ")")) {
        if (depth === 0) {
          if (!this.checkArity(m, name, args)) return undefined;
          return { args, rparen: t };
        }
        depth--;
      } else if (isPunct(t, ",") && depth === 0 && !(m.variadic && args.length === nparams)) {
        args.push([]);
        continue;
      }
      const cur = args[args.length - 1]!;
      cur.push(cur.length === 0 ? { ...t, space: false } : t);
    }
  }

  private checkArity(m: Macro, name: PPToken, args: PPToken[][]): boolean {
    const n = m.params!.length;
    if (n === 0 && args.length === 1 && args[0]!.length === 0) {
      args.length = 0;
      return true;
    }
    if (m.variadic && args.length === n - 1) args.push([]);
    if (args.length === n) return true;
    const given = args.length;
    this.diags.push({
      id: "cpp.macro-args",
      severity: "error",
      message: `macro '${m.name}' ${given < n ? "requires" : "passed"} ${given < n ? n : given} arguments, but ${given < n ? `only ${given} given` : `takes just ${n}`}`,
      span: tokenSpan(name),
    });
    return false;
  }

  /** Replaces parameters in `body` (C99 6.10.3.1-3). */
  private subst(m: Macro, body: readonly PPToken[], args: PPToken[][]): PPToken[] {
    const params = m.params!;
    const expanded = new Map<number, PPToken[]>();
    const argIndex = (t: PPToken | undefined) => (t && t.kind === "ident" ? params.indexOf(t.text) : -1);
    const expandedArg = (k: number) => {
      let e = expanded.get(k);
      if (!e) expanded.set(k, (e = this.expandAll(listSource(args[k]!))));
      return e;
    };
    const out: PPToken[] = [];
    for (let i = 0; i < body.length; i++) {
      const t = body[i]!;
      if (isPunct(t, "#") && i + 1 < body.length) {
        const k = argIndex(body[i + 1]);
        if (k >= 0) {
          out.push(stringize(args[k]!, t));
          i++;
          continue;
        }
      }
      if (isPunct(t, "##") && out.length > 0) {
        const lhs = out.pop()!;
        const r = body[i + 1]!;
        i++;
        const k = argIndex(r);
        if (k >= 0) {
          const a = args[k]!;
          // GNU: `, ## __VA_ARGS__` drops the comma when there are no variadic arguments.
          if (isPunct(lhs, ",") && m.variadic && k === params.length - 1) {
            if (a.length) out.push(lhs, ...a.map(fromArg));
            continue;
          }
          if (a.length === 0) out.push(lhs);
          else out.push(this.paste(lhs, fromArg(a[0]!)), ...a.slice(1).map(fromArg));
        } else out.push(this.paste(lhs, bodyToken(r)));
        continue;
      }
      if (t.kind === "ident" && t.text === "__VA_OPT__" && m.variadic && isPunct(body[i + 1], "(")) {
        const close = matchingParen(body, i + 1);
        const inner = body.slice(i + 2, close);
        const va = args[params.length - 1] ?? [];
        if (expandedArgHasTokens(va, () => expandedArg(params.length - 1))) out.push(...this.subst(m, inner, args));
        else out.push(placemarker(t));
        i = close;
        continue;
      }
      const k = argIndex(t);
      if (k >= 0) {
        const a = isPunct(body[i + 1], "##") ? args[k]!.map(fromArg) : expandedArg(k).map(fromArg);
        if (a.length === 0) out.push(placemarker(t));
        else {
          a[0] = { ...a[0]!, space: t.space };
          out.push(...a);
        }
        continue;
      }
      out.push(bodyToken(t));
    }
    return out;
  }

  private paste(l: PPToken, r: PPToken): PPToken {
    if (l.placemarker) return r;
    if (r.placemarker) return l;
    const t = lexOne(l.text + r.text, l.file);
    if (!t) {
      this.diags.push({ id: "cpp.paste", severity: "error", message: `pasting "${l.text}" and "${r.text}" does not give a valid preprocessing token`, span: tokenSpan(l) });
      return { ...l, text: l.text + " " + r.text, kind: "other" };
    }
    return { ...l, kind: t.kind, text: t.text, noExpand: false };
  }
}

function bodyToken(t: PPToken): PPToken {
  return { ...t, fromBody: true };
}
function fromArg(t: PPToken): PPToken {
  return { ...t };
}
function placemarker(t: PPToken): PPToken {
  return { ...t, kind: "other", text: "", placemarker: true, fromBody: true };
}

function unionAll(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  if (a === b) return a;
  const s = new Set(a);
  for (const x of b) s.add(x);
  return s;
}

function matchingParen(body: readonly PPToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < body.length; i++) {
    if (isPunct(body[i], "(")) depth++;
    else if (isPunct(body[i], ")") && --depth === 0) return i;
  }
  return body.length;
}

function expandedArgHasTokens(raw: PPToken[], expanded: () => PPToken[]): boolean {
  return raw.length > 0 && expanded().length > 0;
}

/** `#x`: the argument's spelling as a string literal (C99 6.10.3.2). */
function stringize(arg: PPToken[], hash: PPToken): PPToken {
  let s = "";
  arg.forEach((t, i) => {
    if (i > 0 && t.space) s += " ";
    s += t.kind === "string" || t.kind === "char" ? t.text.replace(/[\\"]/g, (c) => "\\" + c) : t.text;
  });
  return { ...hash, kind: "string", text: `"${s}"`, fromBody: true };
}
