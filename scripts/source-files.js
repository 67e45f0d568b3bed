// The source files below a directory, found recursively by suffix, in a
// stable (sorted) order: what every benchmark script reads.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * @param {string} dir
 * @param {(name: string) => boolean} wanted  whether a file name is a source to read
 * @returns {string[]} paths, `dir` joined with the path below it
 */
export function sourceFiles(dir, wanted) {
  const out = [];
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p, wanted));
    else if (wanted(n)) out.push(p);
  }
  return out;
}
