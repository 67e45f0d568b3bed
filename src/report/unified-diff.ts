/**
 * A unified diff of two texts (`doall parallelize --diff`), as `diff -u`
 * prints it, with 3 lines of context. The edit script is Myers' O(ND)
 * algorithm (E. Myers, "An O(ND) difference algorithm and its variations",
 * Algorithmica 1986): doall adds a few directive lines to long files, so D
 * is small and the cost close to linear.
 */
type Op = { kind: " " | "-" | "+"; text: string };

export function unifiedDiff(oldText: string, newText: string, oldName: string, newName: string, context = 3): string {
  if (oldText === newText) return "";
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const ops = editScript(a, b);
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  // Hunks: runs of changes with `context` equal lines around them, merged when they touch.
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]!.kind === " ") i++;
    if (i >= ops.length) break;
    const start = Math.max(0, i - context);
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== " ") end++;
      let k = end;
      while (k < ops.length && ops[k]!.kind === " " && k - end < 2 * context) k++;
      if (k < ops.length && ops[k]!.kind !== " ") end = k;
      else break;
    }
    const stop = Math.min(ops.length, end + context);
    const before = ops.slice(0, start);
    const oldStart = before.filter((o) => o.kind !== "+").length + 1;
    const newStart = before.filter((o) => o.kind !== "-").length + 1;
    const hunk = ops.slice(start, stop);
    const oldLen = hunk.filter((o) => o.kind !== "+").length;
    const newLen = hunk.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${range(oldStart, oldLen)} +${range(newStart, newLen)} @@`);
    for (const o of hunk) out.push(o.kind + o.text);
    i = stop;
  }
  return out.join("\n") + "\n";
}

function range(start: number, len: number): string {
  if (len === 0) return `${start - 1},0`;
  return len === 1 ? `${start}` : `${start},${len}`;
}

function splitLines(t: string): string[] {
  const lines = t.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Myers' greedy forward search; the path is kept per D to walk back. */
function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const off = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  // Walk back from (n, m) through the saved frontiers.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const pv = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && pv[off + k - 1]! < pv[off + k + 1]!);
    const pk = down ? k + 1 : k - 1;
    const px = pv[off + pk]!;
    const py = px - pk;
    while (x > px + (down ? 0 : 1) && y > py + (down ? 1 : 0)) ops.push({ kind: " ", text: a[--x]! }), y--;
    if (down) ops.push({ kind: "+", text: b[--y]! });
    else ops.push({ kind: "-", text: a[--x]! });
  }
  while (x > 0 && y > 0) ops.push({ kind: " ", text: a[--x]! }), y--;
  return ops.reverse();
}
