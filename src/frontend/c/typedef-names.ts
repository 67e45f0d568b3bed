import { field, type CNode } from "./c-syntax.js";

/**
 * C's grammar needs to know which identifiers name types (`T (*x)[n];` is a
 * declaration if T is a typedef, a call otherwise), and tree-sitter does
 * not track typedefs. So doall parses once, collects the typedef names,
 * and if one of them was read as an ordinary identifier somewhere, parses
 * again with each use of a typedef name replaced by `int` padded to the
 * same length — offsets do not move — remembering which name stood there.
 */

/** Typedef names of the standard headers doall does not read, which tree-sitter does not know either. */
const LIBRARY_TYPEDEFS = ["FILE", "clock_t", "time_t", "off_t", "va_list", "fpos_t", "DIR", "pthread_t", "div_t", "ldiv_t", "wchar_t", "omp_lock_t"];

/**
 * The typedef names a tree declares, where their declarators are (those
 * must stay as they are), and whether one of the names was parsed as an
 * identifier somewhere (a cast, sizeof or declaration read as an
 * expression). One walk over the named nodes for both (issue 16: the tree
 * of a file was walked once to collect the names, then again for their uses).
 */
export function typedefUses(root: CNode, text: string): { names: Set<string>; declaredAt: Set<number>; misread: boolean } {
  const names = new Set<string>(LIBRARY_TYPEDEFS);
  const declaredAt = new Set<number>();
  // Identifiers are checked once all names are known: a typedef may follow a use of its name.
  const identifiers: CNode[] = [];
  const stack: CNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "identifier") identifiers.push(n);
    else if (n.type === "type_definition") {
      for (const d of n.children) {
        if (d.field !== "declarator") continue;
        const id = declaredName(d);
        if (id) {
          names.add(text.slice(id.start, id.end));
          declaredAt.add(id.start);
        }
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  const misread = identifiers.some((n) => names.has(text.slice(n.start, n.end)));
  return { names, declaredAt, misread };
}

function declaredName(d: CNode): CNode | undefined {
  let n: CNode | undefined = d;
  for (let guard = 0; n && guard < 1000; guard++) {
    if (n.type === "type_identifier" || n.type === "identifier" || n.type === "primitive_type") return n;
    n = field(n, "declarator") ?? n.children.find((c) => c.named);
  }
  return undefined;
}

/**
 * Replaces uses of typedef names by `int` and spaces (same length), except
 * after `.`, `->`, `struct`, `union`, `enum`, at the typedefs' own
 * declarators, and for names shorter than `int`. Returns the new text and
 * the offsets of the replacements with the name each one stands for.
 */
export function substituteTypedefs(text: string, names: Set<string>, declaredAt: Set<number>): { text: string; at: Map<number, string> } {
  const at = new Map<number, string>();
  const parts: string[] = [];
  let from = 0;
  const re = /[A-Za-z_]\w*/g;
  let prevWord = "";
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = m[0];
    const i = m.index;
    const before = text.slice(Math.max(0, i - 4), i).trimEnd();
    const skip = w.length < 3 || !names.has(w) || declaredAt.has(i) || before.endsWith(".") || before.endsWith("->") || prevWord === "struct" || prevWord === "union" || prevWord === "enum" || insideLiteral(text, i);
    prevWord = w;
    if (skip) continue;
    parts.push(text.slice(from, i), "int" + " ".repeat(w.length - 3));
    from = i + w.length;
    at.set(i, w);
  }
  parts.push(text.slice(from));
  return { text: parts.join(""), at };
}

/** Whether offset i is inside a string or character literal on its line (comments are gone after preprocessing). */
function insideLiteral(text: string, i: number): boolean {
  const ls = text.lastIndexOf("\n", i) + 1;
  let q = "";
  for (let k = ls; k < i; k++) {
    const c = text[k]!;
    if (q) {
      if (c === "\\") k++;
      else if (c === q) q = "";
    } else if (c === '"' || c === "'") q = c;
  }
  return q !== "";
}
