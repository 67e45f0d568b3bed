import { parseArgs as nodeParseArgs } from "node:util";

/**
 * Every option of every `doall` command, declared once: its spelling, its
 * value and its help line. A command lists the names it takes; parsing is
 * Node's `util.parseArgs` (`-I DIR`, `-IDIR`, `--form fixed`,
 * `--form=fixed`, repeated options, `--` ending the options), and the help
 * lines come from here, so an option is spelled and described the same way
 * on every command (issue 19 §5).
 */
export interface OptionDef {
  /** One letter: `-o`. */
  short?: string;
  /** Takes a value; its name in the help (DIR, FILE, LINE, ...). */
  value?: string;
  /** May repeat; values accumulate. */
  multiple?: boolean;
  /** The help text (wrapped at 50 columns by the help writer). */
  help: string;
}

export const OPTIONS = {
  // Reading the sources (every command that reads them).
  include: { short: "I", value: "DIR", multiple: true, help: "search DIR for INCLUDE / #include files (repeatable)" },
  define: { short: "D", value: "NAME[=VALUE]", multiple: true, help: "define a preprocessor macro (C, .F, .F90; repeatable)" },
  undefine: { short: "U", value: "NAME", multiple: true, help: "undefine a preprocessor macro (repeatable)" },
  form: { value: "fixed|free", help: "Fortran source form (default: by suffix; .f/.for fixed, .f90 free)" },
  "max-file-size": { value: "MB", help: "larger files are refused with an error (default 5)" },
  // What the analyses assume (every command that analyzes).
  "no-bounds-assumption": {
    help: "do not assume subscripts stay within declared bounds: no value ranges from array references, and dependence tests that need it fall back to run-time checks (for programs that index out of bounds on purpose)",
  },
  "no-restructure": {
    help: "keep every loop nest as written: no interchange of a serial loop with the parallel loop inside it, no pipelined (ordered) loop, no fusion of adjacent parallel loops, and no alignment or peeling of a loop",
  },
  // Output.
  json: { help: "print the JSON report ({\"version\", \"files\": [...]}) on stdout" },
  report: { value: "FILE", help: "write the JSON report there ('-' for standard output)" },
  sarif: { value: "FILE", help: "write the serial loops with a fixable cause as SARIF 2.1.0 ('-' for standard output)" },
  verbose: { short: "v", help: "besides each loop's verdict, its header, nesting and every reason" },
  color: { value: "auto|always|never", help: "colour the verdicts (default auto: on a terminal, unless NO_COLOR is set)" },
  stats: { help: "print, per dependence test, on how many reference pairs it ran and how many it proved independent (on stderr with --json)" },
  loop: { value: "LINE", help: "only the loop(s) starting on LINE (of the DO / for keyword)" },
  // parallelize.
  output: { short: "o", value: "DIR", help: "where to write the parallelized files (never the inputs' own place)" },
  "in-place": { help: "rewrite the input files themselves (instead of -o)" },
  diff: { help: "print a unified diff of the directives instead of writing files" },
  check: { help: "write nothing; exit 1 when a directive would be added or changed (for CI)" },
  // verify.
  build: { value: "CMD", help: "the build command, run by the shell in a copy of the program (e.g. 'make CLASS=S'); default: compile the source files given" },
  run: { value: "CMD", help: "the command that runs the built program, in its copy (e.g. './bin/bt.S.x'); default: the program the default build makes" },
  cc: { value: "CC", help: "C compiler of the default build (default gcc)" },
  fc: { value: "FC", help: "Fortran compiler of the default build (default gfortran)" },
  flags: { value: "FLAGS", help: "flags of the default build (default -O2)" },
  openmp: { value: "FLAG", help: "the flag that turns OpenMP on, added to the parallel build (default -fopenmp)" },
  threads: { value: "N,N,...", help: "thread counts of the parallel runs (default 1,2,4)" },
  tolerance: { value: "TOL", help: "compare numbers within |a - b| <= TOL * max(1, |a|, |b|) (default: outputs must be equal)" },
  root: { value: "DIR", help: "the directory copied and built (default: the one DIR given, or the files' directory)" },
  "parallel-tree": { value: "DIR", help: "check this already parallelized copy of the root (e.g. doall parallelize -o, then edited) instead of doall's output" },
  ignore: { value: "REGEX", multiple: true, help: "leave out of the comparison the output lines that match REGEX (timings, dates; repeatable)" },
  timeout: { value: "SECONDS", help: "time limit of each build and run (default 600)" },
  keep: { help: "keep the two build directories and say where they are" },
  // deps, access.
  dot: { help: "print the dependence graph in Graphviz DOT" },
  arrays: { help: "also list array dependences (definite/possible, per loop)" },
  indices: { help: "also list the dependences of loop indices" },
  input: { help: "also list input dependences (read after read)" },
  "minimal-input": { help: "input dependences, minimal (each read to the next)" },
  "whole-arrays": { help: "treat arrays as whole variables (no subscript tests)" },
  summary: { help: "the paper's Table 1 for a suite of directories" },
  "no-widen": { help: "§3.1 conditions only (no §5.2 widening)" },
  help: { short: "h", help: "show this help" },
} satisfies Record<string, OptionDef>;

export type OptionName = keyof typeof OPTIONS;

/** The options of every command that reads sources. */
export const INPUT_OPTIONS: OptionName[] = ["include", "define", "undefine", "form", "max-file-size"];
/** The options that change what the analyses assume. */
export const ANALYSIS_OPTIONS: OptionName[] = ["no-bounds-assumption", "no-restructure"];

export interface ParsedArgs {
  positional: string[];
  values: Partial<Record<OptionName, string | boolean | string[]>>;
}

export type ParseResult = { ok: true; args: ParsedArgs } | { ok: false; error: string };

/** Parses a command's arguments; errors are returned, not thrown, so commands print usage and exit 2. */
export function parseArgs(argv: string[], names: readonly OptionName[]): ParseResult {
  const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
  for (const n of names) {
    const d: OptionDef = OPTIONS[n];
    options[n] = { type: d.value ? "string" : "boolean", ...(d.short ? { short: d.short } : {}), ...(d.multiple ? { multiple: true } : {}) };
  }
  try {
    const r = nodeParseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { ok: true, args: { positional: r.positionals, values: r.values as ParsedArgs["values"] } };
  } catch (e) {
    // Node's message, less its advice about positionals (doall's own files never start with '-').
    return { ok: false, error: (e as Error).message.split("\n")[0]!.replace(/\. To specify a positional argument.*$/, "") };
  }
}

export function optString(p: ParsedArgs, name: OptionName): string | undefined {
  const v = p.values[name];
  return typeof v === "string" ? v : undefined;
}

export function optList(p: ParsedArgs, name: OptionName): string[] {
  const v = p.values[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}

export function optFlag(p: ParsedArgs, name: OptionName): boolean {
  return p.values[name] === true;
}

/** The help lines of these options, aligned: `  -I, --include DIR   search DIR ...`. */
export function optionsHelp(names: readonly OptionName[]): string {
  const heads = names.map((n) => {
    const d: OptionDef = OPTIONS[n];
    return `  ${d.short ? `-${d.short}, ` : ""}--${n}${d.value ? ` ${d.value}` : ""}`;
  });
  const col = 26;
  return names
    .map((n, i) => {
      const words = (OPTIONS[n] as OptionDef).help.split(" ");
      const lines: string[] = [];
      let cur = "";
      for (const w of words) {
        if (cur && cur.length + 1 + w.length > 52) {
          lines.push(cur);
          cur = w;
        } else cur = cur ? `${cur} ${w}` : w;
      }
      lines.push(cur);
      const head = heads[i]!;
      const first = head.length < col ? `${head.padEnd(col)}${lines[0]}` : `${head}\n${" ".repeat(col)}${lines[0]}`;
      return [first, ...lines.slice(1).map((l) => " ".repeat(col) + l)].join("\n");
    })
    .join("\n");
}
