import { C_CHAR, C_DOUBLE, C_INT, C_VOID, type CType } from "./c-types.js";

/**
 * What doall knows of the C library functions it meets, without reading
 * the system headers:
 * - "pure": depends only on its arguments, no side effects (math.h, abs);
 *   lowered as intrinsic pure calls, so they do not stop parallelization;
 * - "io": reads or writes a stream (stdio); a statement-level call lowers
 *   to an `io` statement, op "c-io": the arguments `defArgs` selects
 *   receive data (what scanf's pointers point to, fread's and sprintf's
 *   buffer) and are its defs, everything else is used;
 * - "alloc" / "free": malloc, calloc, realloc / free;
 * - "exit": ends the program (exit, abort) and lowers to `stop`;
 * - "writes-args": writes through its pointer arguments (memcpy, memset);
 * - "other": a call with side effects doall does not model further (time).
 */
export type LibcEffect = "pure" | "io" | "alloc" | "free" | "exit" | "writes-args" | "other";

export interface LibcFunction {
  effect: LibcEffect;
  returns: CType;
  /** For "io": the arguments whose pointees receive data: all from index `from` (scanf), or those `at`. */
  defArgs?: { from: number } | { at: number[] };
}

const F = (effect: LibcEffect, returns: CType, defArgs?: LibcFunction["defArgs"]): LibcFunction => (defArgs ? { effect, returns, defArgs } : { effect, returns });
const C_FLOAT: CType = { k: "prim", t: { base: "real", bytes: 4 } };
const C_LONG: CType = { k: "prim", t: { base: "integer", bytes: 8 } };
const C_PTR: CType = { k: "ptr", to: C_VOID };
const C_FILE: CType = { k: "ptr", to: { k: "opaque", name: "FILE" } };

const TABLE = new Map<string, LibcFunction>();

// math.h: double versions, float (f) and long double (l) variants.
const MATH = [
  "sqrt", "cbrt", "pow", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
  "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "floor", "ceil", "round", "trunc", "rint", "nearbyint", "fmod", "remainder",
  "fmin", "fmax", "fdim", "fma", "hypot", "copysign", "erf", "erfc", "tgamma", "ldexp", "scalbn", "logb",
];
for (const f of MATH) {
  TABLE.set(f, F("pure", C_DOUBLE));
  TABLE.set(f + "f", F("pure", C_FLOAT));
  TABLE.set(f + "l", F("pure", { k: "prim", t: { base: "real", bytes: 16 } }));
}
for (const f of ["abs", "isnan", "isinf", "isfinite", "signbit", "ilogb", "toupper", "tolower", "isdigit", "isalpha", "isspace", "isalnum", "isupper", "islower"]) TABLE.set(f, F("pure", C_INT));
for (const f of ["labs", "llabs", "lround", "llround", "lrint"]) TABLE.set(f, F("pure", C_LONG));
// gcc's bit-counting builtins: int results (an unknown function is taken as returning double).
for (const b of ["popcount", "clz", "ctz", "parity", "ffs", "clrsb"]) for (const w of ["", "l", "ll"]) TABLE.set(`__builtin_${b}${w}`, F("pure", C_INT));
for (const f of ["strlen", "strcmp", "strncmp", "memcmp", "strchr", "strrchr", "strstr", "atoi", "atol", "atof"]) TABLE.set(f, F("pure", f === "atof" ? C_DOUBLE : f.startsWith("str") && f.endsWith("chr") ? { k: "ptr", to: C_CHAR } : C_INT));
// Not pure: strtod and strtol store where their second argument points (the end of the number read);
// lgamma sets the global signgam (POSIX), which a parallel loop's threads would race on.
TABLE.set("strtod", F("writes-args", C_DOUBLE));
TABLE.set("strtol", F("writes-args", C_LONG));
for (const f of ["lgamma", "lgammaf", "lgammal"]) TABLE.set(f, F("other", f === "lgammaf" ? C_FLOAT : f === "lgammal" ? { k: "prim", t: { base: "real", bytes: 16 } } : C_DOUBLE));

// stdio.h.
for (const f of ["printf", "fprintf", "puts", "fputs", "putchar", "fputc", "putc", "fflush", "perror", "vprintf", "vfprintf", "fwrite", "fclose", "fseek", "rewind", "ftell", "remove", "rename", "setbuf", "setvbuf"])
  TABLE.set(f, F("io", C_INT));
for (const f of ["getc", "fgetc", "getchar", "feof", "ferror"]) TABLE.set(f, F("io", C_INT));
TABLE.set("scanf", F("io", C_INT, { from: 1 }));
TABLE.set("fscanf", F("io", C_INT, { from: 2 }));
TABLE.set("sscanf", F("io", C_INT, { from: 2 }));
TABLE.set("fread", F("io", C_LONG, { at: [0] }));
for (const f of ["sprintf", "snprintf", "vsprintf", "vsnprintf"]) TABLE.set(f, F("io", C_INT, { at: [0] }));
TABLE.set("fgets", F("io", { k: "ptr", to: C_CHAR }, { at: [0] }));
TABLE.set("gets", F("io", { k: "ptr", to: C_CHAR }, { at: [0] }));
TABLE.set("fopen", F("io", C_FILE));
TABLE.set("fdopen", F("io", C_FILE));
TABLE.set("tmpfile", F("io", C_FILE));

// stdlib.h memory and process control.
TABLE.set("malloc", F("alloc", C_PTR));
TABLE.set("calloc", F("alloc", C_PTR));
TABLE.set("realloc", F("alloc", C_PTR));
TABLE.set("aligned_alloc", F("alloc", C_PTR));
TABLE.set("posix_memalign", F("alloc", C_INT));
TABLE.set("free", F("free", C_VOID));
for (const f of ["exit", "abort", "_exit", "_Exit", "quick_exit"]) TABLE.set(f, F("exit", C_VOID));
for (const f of ["memcpy", "memmove", "memset", "strcpy", "strncpy", "strcat", "strncat", "qsort"]) TABLE.set(f, F("writes-args", C_PTR));
for (const f of ["rand", "srand", "random", "srandom", "drand48", "srand48", "time", "clock", "gettimeofday", "getenv", "system", "sleep", "usleep", "assert"])
  TABLE.set(f, F("other", f === "drand48" ? C_DOUBLE : f === "getenv" ? { k: "ptr", to: C_CHAR } : C_INT));
// OpenMP runtime (omp.h): queries with no effect on the program's data.
for (const f of ["omp_get_num_threads", "omp_get_thread_num", "omp_get_max_threads", "omp_get_num_procs", "omp_in_parallel"]) TABLE.set(f, F("other", C_INT));
TABLE.set("omp_get_wtime", F("other", C_DOUBLE));

/**
 * Library functions that may set errno (C11 7.12.1: math functions on a
 * domain, pole or range error, with glibc's math_errhandling; strtod and
 * strtol on overflow). errno is each thread's own: after a parallel loop,
 * the initial thread's, not the last iteration's.
 */
const NO_ERRNO = new Set(["fabs", "floor", "ceil", "trunc", "round", "rint", "nearbyint", "copysign", "fmin", "fmax"]);
export function setsErrno(name: string): boolean {
  if (name === "strtod" || name === "strtol") return true;
  const base = MATH.includes(name) ? name : (name.endsWith("f") || name.endsWith("l")) && MATH.includes(name.slice(0, -1)) ? name.slice(0, -1) : null;
  return base !== null && !NO_ERRNO.has(base);
}

export function libcFunction(name: string): LibcFunction | undefined {
  return TABLE.get(name);
}

/** Variables the standard headers declare (`stdout`, `errno`): known globals, not undeclared names. */
const LIBC_VARIABLES: Record<string, CType> = {
  stdin: C_FILE,
  stdout: C_FILE,
  stderr: C_FILE,
  errno: C_INT,
};

export function libcVariable(name: string): CType | undefined {
  return Object.prototype.hasOwnProperty.call(LIBC_VARIABLES, name) ? LIBC_VARIABLES[name] : undefined;
}
