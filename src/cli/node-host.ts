import { readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { SourceHost } from "../source/host.js";

/**
 * The SourceHost the CLI uses: files on disk. Paths are used as the user
 * wrote them (so diagnostics say `src/a.f:3:7`, not an absolute path), and
 * resolved against `cwd` when relative.
 */
export function nodeHost(cwd: string): SourceHost {
  const abs = (p: string) => resolve(cwd, p);
  return {
    readFile(p) {
      try {
        const full = abs(p);
        if (!statSync(full).isFile()) return undefined;
        return readFileSync(full, "utf8");
      } catch {
        return undefined;
      }
    },
    listDir(d) {
      try {
        return readdirSync(abs(d));
      } catch {
        return undefined;
      }
    },
  };
}
