import type { SourceHost } from "../../source/host.js";
import { lexC, type LexResult } from "./pp-lexer.js";

/**
 * What the preprocessor reads and lexes of included files, kept across the
 * files of one run (issue 16): every file of an NPB benchmark includes its
 * header.h (BT: 13 files, LU 16, SP 17), which was looked up on disk and
 * lexed again for each. Preprocessing itself (macros, conditionals) still
 * runs per file, since it depends on what the includer defined.
 *
 * One cache serves one run over one SourceHost, whose files are taken not
 * to change during the run (as FortranCache takes them). Tokens are shared
 * between the users of a cached file: the preprocessor never changes a
 * token, it makes new ones.
 */
export class CppCache {
  private readonly files = new Map<string, string | undefined>();
  private readonly lexes = new Map<string, { text: string; lexed: LexResult }>();

  /** The host's text of `path` (undefined: no such file), read once per run. */
  read(host: SourceHost, path: string): string | undefined {
    if (this.files.has(path)) return this.files.get(path);
    const text = host.readFile(path);
    this.files.set(path, text);
    return text;
  }

  /** lexC's tokens and diagnostics for `text`, the content of `path`; lexed again if the text differs from the cached one. */
  lex(path: string, text: string): LexResult {
    const hit = this.lexes.get(path);
    if (hit && hit.text === text) return hit.lexed;
    const lexed = lexC(text, path);
    this.lexes.set(path, { text, lexed });
    return lexed;
  }
}
