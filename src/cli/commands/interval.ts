/**
 * `doall interval 'EXPR'`: the extended-modulo-interval calculator (seed 000
 * §2), for teaching and debugging the interval library the dependence tests
 * stand on. The work is done by core code (analysis/intervals/calculator.ts);
 * this file only reads options, prints, and picks the exit code.
 */
import { EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { calculate, type CalculatorOptions } from "../../analysis/intervals/index.js";

const USAGE = `usage: doall interval [--max-degree N] [--budget N] [--] EXPR...

Evaluates extended modulo intervals (EMIs, seed 000 §2) and prints the result
in normal form, then reduced to at most N step:count pairs (default 8), each
marked exact or superset.

  [l,u]<a1:b1,a2:b2>   the set { l + a1*r1 + a2*r2 | 0 <= ri <= bi }; u must
                       be l + a1*b1 + a2*b2 (steps ai integers; l, u and the
                       counts bi integers or linear in names: X, 12900+25800X)
  [l,u]                all integers l..u         [l,u]_m(r)  those = r mod m
  n, X                 an integer, a name (an unknown integer >= 0)
  + - * ( )            set arithmetic: + and - exact, * a superset (Def. 3)
  A & B                is A ∩ B empty?  The first word of the answer is
                       'empty' or 'intersects' (exact) or 'may-intersect'.

Examples:
  doall interval '[14,24]<5:2> + [6,14]<4:2>'
  doall interval '[12,3000]<12:249> & [7,1999]<8:249>'
  doall interval '[1,12900+25800X]<1:12899,25800:X> & [12901,25800+25800X]<1:12899,25800:X>'

Options:
  --max-degree N   keep every result at most N pairs (N >= 1, default 8)
  --budget N       work budget of the exact membership search (default 2000000)
  -h, --help       this text

Exit status: 0 on success, 2 when an EXPR is malformed or cannot be evaluated
(the message gives the column).
`;

function positiveInt(text: string | undefined): number | undefined {
  if (text === undefined || !/^[0-9]+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

export const intervalCommand: Command = {
  name: "interval",
  summary: "Calculator for extended modulo intervals (seed 000): arithmetic, reduction, A & B emptiness",
  usage: USAGE,
  run(argv: string[], io: CliIO): number {
    const options: CalculatorOptions = {};
    const exprs: string[] = [];
    let onlyExprs = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (onlyExprs || !arg.startsWith("-") || (!arg.startsWith("--") && arg !== "-h")) {
        exprs.push(arg); // "-3+[1,2]" is an expression, not an option
        continue;
      }
      if (arg === "--") {
        onlyExprs = true;
        continue;
      }
      if (arg === "-h" || arg === "--help") {
        io.stdout(USAGE);
        return EXIT_OK;
      }
      const [name, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
      if (name !== "--max-degree" && name !== "--budget") {
        io.stderr(`doall interval: error: unknown option ${name}\n${USAGE}`);
        return EXIT_USAGE;
      }
      const value = inline ?? argv[++i];
      const n = positiveInt(value);
      if (n === undefined) {
        io.stderr(`doall interval: error: ${name} needs a positive integer, got ${value === undefined ? "nothing" : `'${value}'`}\n`);
        return EXIT_USAGE;
      }
      if (name === "--max-degree") options.maxDegree = n;
      else options.budget = n;
    }
    if (exprs.length === 0) {
      io.stderr(`doall interval: error: no expression given\n${USAGE}`);
      return EXIT_USAGE;
    }
    let code = EXIT_OK;
    exprs.forEach((expr, k) => {
      if (k > 0) io.stdout("\n");
      const r = calculate(expr, options);
      if (r.ok) {
        io.stdout(r.lines.map((l) => l + "\n").join(""));
        return;
      }
      const what = r.kind === "syntax" ? "syntax error" : "error";
      io.stderr(`doall interval: ${what} at column ${r.column}: ${r.message}\n  ${expr}\n  ${" ".repeat(r.column - 1)}^\n`);
      code = EXIT_USAGE;
    });
    return code;
  },
};
