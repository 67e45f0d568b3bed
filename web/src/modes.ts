import { StreamLanguage, type StreamParser } from "@codemirror/language";
import { c } from "@codemirror/legacy-modes/mode/clike";
import { fortran } from "@codemirror/legacy-modes/mode/fortran";
import type { LangId } from "./languages.js";

/**
 * Syntax highlighting (CodeMirror's legacy Fortran and C modes). The
 * Fortran mode knows free form only; fixed form adds its comment lines
 * (C, c, * or ! in column 1) and the columns past 72, which the compiler
 * ignores. Preprocessed sources show their # lines as such.
 */
function withLineRules(base: StreamParser<unknown>, fixed: boolean, cpp: boolean): StreamParser<unknown> {
  return {
    ...base,
    name: `${base.name ?? "source"}${fixed ? "-fixed" : ""}${cpp ? "-cpp" : ""}`,
    token(stream, state) {
      if (stream.sol()) {
        if (cpp && /^\s*#/.test(stream.string)) {
          stream.skipToEnd();
          return "meta";
        }
        if (fixed && /^[cC*!]/.test(stream.string)) {
          stream.skipToEnd();
          return "comment";
        }
      }
      if (fixed && stream.column() >= 72) {
        stream.skipToEnd();
        return "comment";
      }
      return base.token(stream, state);
    },
  };
}

const cache = new Map<LangId, StreamLanguage<unknown>>();

export function languageFor(id: LangId): StreamLanguage<unknown> {
  let l = cache.get(id);
  if (!l) {
    l = StreamLanguage.define(id === "c" ? c : withLineRules(fortran, id.startsWith("fixed"), id.endsWith("-cpp")));
    cache.set(id, l);
  }
  return l;
}
