/**
 * The languages the playground offers, each a file suffix doall reads
 * (README, "Commands": the suffix decides the language and the Fortran
 * form; upper case runs the preprocessor first, so -D applies).
 */
export type LangId = "fixed" | "free" | "fixed-cpp" | "free-cpp" | "c";

export interface Lang {
  id: LangId;
  label: string;
  /** The name the program has in messages (`main.f90:3:5: error: ...`). */
  path: string;
  /** -D applies (C and preprocessed Fortran). */
  preprocessed: boolean;
}

export const LANGS: readonly Lang[] = [
  { id: "fixed", label: "Fortran, fixed form (.f)", path: "main.f", preprocessed: false },
  { id: "free", label: "Fortran, free form (.f90)", path: "main.f90", preprocessed: false },
  { id: "fixed-cpp", label: "Fortran, fixed form, preprocessed (.F)", path: "main.F", preprocessed: true },
  { id: "free-cpp", label: "Fortran, free form, preprocessed (.F90)", path: "main.F90", preprocessed: true },
  { id: "c", label: "C (.c)", path: "main.c", preprocessed: true },
];

export function langOf(id: string): Lang | undefined {
  return LANGS.find((l) => l.id === id);
}

/**
 * `-D` as typed in the options: `N=100 DEBUG M=2*N`, separated by blanks
 * or commas; `NAME` alone is `NAME=1`, as for the CLI. A word that is not
 * a macro name is an error the page shows (the API would throw on it).
 */
export function parseDefines(text: string): { defines: Record<string, string> } | { error: string } {
  const defines: Record<string, string> = {};
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(-D)?([A-Za-z_]\w*)(?:=(.*))?$/.exec(word);
    if (!m) return { error: `-D ${word}: not NAME or NAME=VALUE` };
    defines[m[2]!] = m[3] ?? "1";
  }
  return { defines };
}

/** The playground reads at most this many characters; the CLI reads up to 5 MB. */
export const MAX_PLAYGROUND_CHARS = 1024 * 1024;

/**
 * Where a text over the playground's limit crosses it: the line and
 * column of its first character past the limit, so the message about it
 * points there. Null when the text is within the limit.
 */
export function overLimitAt(text: string, limit = MAX_PLAYGROUND_CHARS): { line: number; column: number } | null {
  if (text.length <= limit) return null;
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < limit; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: limit - start + 1 };
}
