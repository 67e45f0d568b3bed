/**
 * Pre-C99 code (NPB 2.3's IS among it) defines functions without a return
 * type: `main(argc, argv) int argc; char **argv; { ... }`. tree-sitter's
 * grammar has no rule for that, so when a parse has errors, doall looks
 * for file-scope items of the form `name ( ... )` followed by `{`, a K&R
 * parameter declaration, or `;`, and inserts `int ` before them, as the
 * C89 rule says. The insertions are kept so positions map back.
 */
export interface Insertions {
  text: string;
  /** Offsets in the original text where `int ` was inserted, ascending. */
  at: number[];
}

const KEYWORDS = new Set(["if", "while", "for", "switch", "return", "sizeof", "do", "else", "case", "goto", "typedef", "struct", "union", "enum", "static", "extern", "register", "auto", "const", "volatile", "inline"]);

export function insertImplicitInt(text: string): Insertions {
  const at: number[] = [];
  let depth = 0;
  let itemStart = true;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      i = skipLiteral(text, i);
      itemStart = false;
      continue;
    }
    if (ch === "{" || ch === "(" || ch === "[") depth++;
    else if (ch === "}" || ch === ")" || ch === "]") {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && ch === "}") itemStart = true;
      continue;
    } else if (ch === ";" && depth === 0) {
      itemStart = true;
      continue;
    }
    if (depth !== 0 || !/[A-Za-z_]/.test(ch)) {
      if (!/\s/.test(ch)) itemStart = false;
      continue;
    }
    // An identifier at file scope.
    let j = i;
    while (j < n && /\w/.test(text[j]!)) j++;
    const word = text.slice(i, j);
    if (itemStart && word === "static") {
      i = j - 1;
      continue;
    }
    if (itemStart && !KEYWORDS.has(word) && isDefinitionHead(text, j)) at.push(i);
    itemStart = false;
    i = j - 1;
  }
  if (at.length === 0) return { text, at };
  let out = "";
  let from = 0;
  for (const a of at) {
    out += text.slice(from, a) + "int ";
    from = a;
  }
  return { text: out + text.slice(from), at };
}

/** After `name`: `( ... )` then `{`, `;`, or a K&R declaration (an identifier). */
function isDefinitionHead(text: string, j: number): boolean {
  let k = j;
  while (k < text.length && /\s/.test(text[k]!)) k++;
  if (text[k] !== "(") return false;
  let depth = 0;
  for (; k < text.length; k++) {
    if (text[k] === "(") depth++;
    else if (text[k] === ")" && --depth === 0) break;
  }
  k++;
  while (k < text.length && /\s/.test(text[k]!)) k++;
  const c = text[k];
  return c === "{" || c === ";" || (c !== undefined && /[A-Za-z_]/.test(c));
}

function skipLiteral(text: string, i: number): number {
  const q = text[i]!;
  for (let k = i + 1; k < text.length; k++) {
    if (text[k] === "\\") k++;
    else if (text[k] === q || text[k] === "\n") return k;
  }
  return text.length;
}

/** Maps an offset of the text with insertions back to the original text. */
export function unshift(ins: Insertions): (o: number) => number {
  if (ins.at.length === 0) return (o) => o;
  // Inserted offsets in the new text: at[k] + 4k .. at[k] + 4k + 4.
  const starts = ins.at.map((a, k) => a + 4 * k);
  return (o) => {
    let k = 0;
    while (k < starts.length && starts[k]! <= o) k++;
    // k insertions start at or before o; if o is inside the k-th, clamp to its original offset.
    if (k > 0 && o < starts[k - 1]! + 4) return ins.at[k - 1]!;
    return o - 4 * k;
  };
}
