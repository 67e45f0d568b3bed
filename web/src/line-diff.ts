/**
 * A line diff of the input and doall's output, for the output pane: which
 * output lines doall added (highlighted side by side) and a unified diff.
 * doall only adds directive lines (and a main program's SAVE line, and
 * rewrites the odd loop), so the edit distance D is small: Myers'
 * O((N+M)·D) algorithm (E. Myers, "An O(ND) Difference Algorithm and Its
 * Variations", Algorithmica 1986, §2-3) is fast on it; past `maxD` the
 * rest is reported as replaced, so a huge unrelated pair of texts cannot
 * take quadratic time.
 */
export type LineEdit = { kind: "same"; a: number; b: number } | { kind: "del"; a: number } | { kind: "add"; b: number };

/** Edits turning lines `a` into lines `b` (indices 0-based), in order. */
export function lineDiff(a: readonly string[], b: readonly string[], maxD = 2000): LineEdit[] {
  // Common prefix and suffix first: the usual case is a few insertions in a long text.
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const out: LineEdit[] = [];
  for (let i = 0; i < pre; i++) out.push({ kind: "same", a: i, b: i });
  out.push(...middle(a, b, pre, a.length - suf, pre, b.length - suf, maxD));
  for (let k = suf; k > 0; k--) out.push({ kind: "same", a: a.length - k, b: b.length - k });
  return out;
}

function middle(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number, maxD: number): LineEdit[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const max = Math.min(n + m, maxD);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on diagonals -d-1..d+1 before round d (what backtracking reads), O(D²) in all.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      // Round d writes diagonals of d's parity and reads those of d-1's: v holds the previous round there.
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, k, n, m, a0, b0);
    }
  }
  // Conservative: past maxD edits, every line of the middle is replaced (correct, if not minimal).
  const out: LineEdit[] = [];
  for (let i = a0; i < a1; i++) out.push({ kind: "del", a: i });
  for (let j = b0; j < b1; j++) out.push({ kind: "add", b: j });
  return out;
}

/** Walks the furthest-reaching paths back from (n, m), D to 0 (Myers §3). */
function backtrack(trace: Int32Array[], dEnd: number, kEnd: number, n: number, m: number, a0: number, b0: number): LineEdit[] {
  const rev: LineEdit[] = [];
  let x = n;
  let y = m;
  let k = kEnd;
  for (let d = dEnd; d > 0; d--) {
    const t = trace[d]!;
    const at = (kk: number) => t[kk + d + 1]!;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const pk = down ? k + 1 : k - 1;
    const px = at(pk);
    const py = px - pk;
    // The snake after the edit of round d, then the edit itself.
    const [sx, sy] = down ? [px, py + 1] : [px + 1, py];
    while (x > sx && y > sy) rev.push({ kind: "same", a: a0 + --x, b: b0 + --y });
    if (down) rev.push({ kind: "add", b: b0 + --y });
    else rev.push({ kind: "del", a: a0 + --x });
    k = pk;
  }
  while (x > 0 && y > 0) rev.push({ kind: "same", a: a0 + --x, b: b0 + --y });
  return rev.reverse();
}

/**
 * The unified diff (`diff -u` form, `context` lines around each change)
 * of the input and the output, with their names in the header.
 */
export function unifiedDiff(nameA: string, nameB: string, a: readonly string[], b: readonly string[], edits: readonly LineEdit[], context = 3): string {
  const changed = edits.map((e) => e.kind !== "same");
  if (!changed.includes(true)) return "";
  const out = [`--- ${nameA}`, `+++ ${nameB}`];
  let i = 0;
  while (i < edits.length) {
    if (!changed[i]) {
      i++;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` lines after the last change within 2·context of the next.
    const start = Math.max(0, i - context);
    let end = i;
    for (let j = i; j < edits.length; j++) {
      if (changed[j]) end = j;
      else if (j - end > 2 * context) break;
    }
    const stop = Math.min(edits.length, end + context + 1);
    const hunk = edits.slice(start, stop);
    const aStart = firstLine(edits, start, "a");
    const bStart = firstLine(edits, start, "b");
    const aCount = hunk.filter((e) => e.kind !== "add").length;
    const bCount = hunk.filter((e) => e.kind !== "del").length;
    out.push(`@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@`);
    for (const e of hunk) out.push(e.kind === "same" ? ` ${a[e.a]}` : e.kind === "del" ? `-${a[e.a]}` : `+${b[e.b]}`);
    i = stop;
  }
  return out.join("\n") + "\n";
}

/** The 1-based line of side `s` where edit `at` is, as diff -u counts (the line before, for an empty range). */
function firstLine(edits: readonly LineEdit[], at: number, s: "a" | "b"): number {
  let n = 0;
  for (let i = 0; i < at; i++) if (edits[i]!.kind === "same" || edits[i]!.kind === (s === "a" ? "del" : "add")) n++;
  return n + 1;
}

function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}
