/**
 * Minimal POSIX-style path helpers, so that core code (which also runs in the
 * browser) does not need `node:path`.
 */
export function dirname(p: string): string {
  const i = p.lastIndexOf("/");
  if (i < 0) return ".";
  if (i === 0) return "/";
  return p.slice(0, i);
}

export function basename(p: string): string {
  const i = p.lastIndexOf("/");
  return i < 0 ? p : p.slice(i + 1);
}

export function extname(p: string): string {
  const b = basename(p);
  const i = b.lastIndexOf(".");
  return i <= 0 ? "" : b.slice(i);
}

export function isAbsolute(p: string): boolean {
  return p.startsWith("/");
}

/** Joins and normalizes ("a/./b/../c" becomes "a/c"); keeps a leading "/". */
export function join(...parts: string[]): string {
  const joined = parts.filter((s) => s.length > 0).join("/");
  return normalize(joined);
}

export function normalize(p: string): string {
  const abs = p.startsWith("/");
  const out: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (seg === ".." && abs) continue;
    else out.push(seg);
  }
  const s = out.join("/");
  return abs ? "/" + s : s || ".";
}

/** Resolves `rel` against the directory `dir` unless it is absolute. */
export function resolveFrom(dir: string, rel: string): string {
  return isAbsolute(rel) ? normalize(rel) : join(dir, rel);
}
