/**
 * Finds the loops of a C file by a lexical scan: enough for the e2e corpus
 * (written by us, so no macro hides a loop) until the C front end lands on
 * main. Comments, string and character literals and preprocessor lines are
 * blanked first (positions kept), then statements are walked with their
 * extents so that each loop knows its end and its enclosing loop.
 */
export interface CLoop {
  keyword: "for" | "while" | "do";
  line: number;
  /** 1-based column of the keyword. */
  column: number;
  endLine: number;
  /** Line of the enclosing loop, or null. */
  parentLine: number | null;
}

/** The text with comments, literals and preprocessor lines replaced by blanks (newlines kept). */
export function blankNonCode(text: string): string {
  const out = text.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const c = text[i]!;
    if (lineStart && /[ \t]/.test(c)) {
      i++;
      continue;
    }
    if (lineStart && c === "#") {
      // A directive runs to the end of the line, and on past backslash-newlines.
      let j = i;
      while (j < text.length && !(text[j] === "\n" && text[j - 1] !== "\\")) j++;
      blank(i, j);
      i = j;
      continue;
    }
    lineStart = false;
    if (c === "\n") {
      lineStart = true;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      let j = i;
      while (j < text.length && text[j] !== "\n") j++;
      blank(i, j);
      i = j;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const j = end < 0 ? text.length : end + 2;
      blank(i, j);
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      blank(i, j + 1);
      i = j + 1;
    } else i++;
  }
  return out.join("");
}

interface Tok {
  text: string;
  pos: number;
}

const TOKEN = /[A-Za-z_]\w*|\d[\w.]*|->|\+\+|--|<<=|>>=|[-+*/%&|^<>=!]=|&&|\|\||<<|>>|\S/g;

export function scanCLoops(text: string): CLoop[] {
  const code = blankNonCode(text);
  const lineOf = lineIndex(text);
  const toks: Tok[] = [];
  for (const m of code.matchAll(TOKEN)) toks.push({ text: m[0], pos: m.index! });
  const loops: CLoop[] = [];
  let k = 0;

  const skipBalanced = (open: string, close: string): void => {
    // toks[k] is `open`; leaves k just past the matching `close`.
    let depth = 0;
    for (; k < toks.length; k++) {
      if (toks[k]!.text === open) depth++;
      else if (toks[k]!.text === close && --depth === 0) {
        k++;
        return;
      }
    }
  };
  // Parses one statement starting at toks[k]; returns the position of its last token.
  const statement = (parent: number | null): number => {
    const t = toks[k];
    if (!t) return text.length - 1;
    if (t.text === "{") {
      k++;
      while (k < toks.length && toks[k]!.text !== "}") statement(parent);
      k++;
      return toks[k - 1]?.pos ?? text.length - 1;
    }
    if (t.text === "for" || t.text === "while") {
      const loop = openLoop(t, parent);
      k++;
      skipBalanced("(", ")");
      const end = statement(loop.line);
      loop.endLine = lineOf(end);
      return end;
    }
    if (t.text === "do") {
      const loop = openLoop(t, parent);
      k++;
      statement(loop.line);
      // `while (cond) ;`
      k++;
      skipBalanced("(", ")");
      const end = toks[k]?.pos ?? text.length - 1;
      k++;
      loop.endLine = lineOf(end);
      return end;
    }
    if (t.text === "if" || t.text === "switch") {
      k++;
      skipBalanced("(", ")");
      let end = statement(parent);
      if (t.text === "if" && toks[k]?.text === "else") {
        k++;
        end = statement(parent);
      }
      return end;
    }
    if (t.text === "else") {
      k++;
      return statement(parent);
    }
    // Anything else (declarations, expressions, function headers, labels)
    // runs to a `;` or to a brace block at depth 0 (a function body, an
    // initializer); a block met there is walked as a statement.
    let depth = 0;
    for (; k < toks.length; k++) {
      const x = toks[k]!.text;
      if (x === "(" || x === "[") depth++;
      else if (x === ")" || x === "]") depth--;
      else if (depth === 0 && x === ";") return toks[k++]!.pos;
      else if (depth === 0 && x === "{") return statement(parent);
      else if (depth === 0 && x === "}") return toks[k - 1]?.pos ?? 0;
    }
    return text.length - 1;
  };
  const openLoop = (t: Tok, parent: number | null): CLoop => {
    const line = lineOf(t.pos);
    const col = t.pos - text.lastIndexOf("\n", t.pos - 1);
    const loop: CLoop = { keyword: t.text as CLoop["keyword"], line, column: col, endLine: line, parentLine: parent };
    loops.push(loop);
    return loop;
  };
  while (k < toks.length) {
    const before = k;
    statement(null);
    if (k === before) k++;
  }
  return loops.sort((a, b) => a.line - b.line || a.column - b.column);
}

function lineIndex(text: string): (pos: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return (pos) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
