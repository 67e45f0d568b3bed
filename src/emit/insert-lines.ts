/**
 * Inserts whole lines into a text, before or after given (1-based) lines,
 * keeping every original byte: the line endings of the file (LF or CRLF)
 * are reused for the inserted lines, and a missing final newline stays
 * missing.
 */
export interface LineInsertion {
  line: number;
  where: "before" | "after";
  lines: string[];
}

export function insertLines(text: string, insertions: LineInsertion[]): string {
  if (insertions.length === 0) return text;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const parts = text.split("\n");
  const before = new Map<number, string[]>();
  const after = new Map<number, string[]>();
  for (const ins of insertions) {
    const m = ins.where === "before" ? before : after;
    m.set(ins.line, [...(m.get(ins.line) ?? []), ...ins.lines]);
  }
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const n = i + 1;
    const isLastFragment = i === parts.length - 1;
    for (const l of before.get(n) ?? []) out.push(l + eol);
    out.push(parts[i]! + (isLastFragment ? "" : "\n"));
    const a = after.get(n);
    if (a) {
      // After the final line of a file without a trailing newline, add one first.
      if (isLastFragment && parts[i] !== "") out.push(eol);
      for (const l of a) out.push(l + eol);
    }
  }
  return out.join("");
}
