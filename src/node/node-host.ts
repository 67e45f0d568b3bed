import { readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { SourceHost } from "../source/host.js";

/**
 * How the CLI turns source bytes into text and back: Latin-1, one
 * character per byte. Every byte survives the round trip (a Latin-1 `é`,
 * broken UTF-8, a NUL), so `parallelize` writes the input plus directive
 * lines, byte for byte; UTF-8 decoding would turn invalid bytes into U+FFFD.
 * Columns then count bytes, as gfortran's fixed-form column 72 and gcc do.
 */
export const SOURCE_ENCODING = "latin1";

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
        return readFileSync(full, SOURCE_ENCODING);
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
