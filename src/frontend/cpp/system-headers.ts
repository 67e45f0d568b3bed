/**
 * What doall knows of the standard headers it does not read. A system
 * header (`#include <...>` not found in a -I directory) is recorded, not
 * parsed; the object-like macros below are defined in its place, so that
 * code using NULL, EOF, RAND_MAX or M_PI preprocesses as with a real libc.
 * Types (size_t, FILE) and functions (sqrt, printf, malloc) are the C front
 * end's business: see frontend/c/libc.ts.
 *
 * Values are those of glibc on x86-64; a program whose loops depend on
 * them (INT_MAX as a loop bound) gets the same bounds gcc would see there.
 */
export const SYSTEM_HEADER_MACROS: Record<string, string[]> = {
  "stdio.h": ["NULL ((void*)0)", "EOF (-1)", "BUFSIZ 8192", "FILENAME_MAX 4096", "SEEK_SET 0", "SEEK_CUR 1", "SEEK_END 2"],
  "stdlib.h": ["NULL ((void*)0)", "EXIT_SUCCESS 0", "EXIT_FAILURE 1", "RAND_MAX 2147483647"],
  "stddef.h": ["NULL ((void*)0)", "offsetof(t, m) __builtin_offsetof(t, m)"],
  "string.h": ["NULL ((void*)0)"],
  "time.h": ["NULL ((void*)0)", "CLOCKS_PER_SEC 1000000l"],
  "math.h": [
    "M_E 2.7182818284590452354",
    "M_LOG2E 1.4426950408889634074",
    "M_LOG10E 0.43429448190325182765",
    "M_LN2 0.69314718055994530942",
    "M_LN10 2.30258509299404568402",
    "M_PI 3.14159265358979323846",
    "M_PI_2 1.57079632679489661923",
    "M_PI_4 0.78539816339744830962",
    "M_1_PI 0.31830988618379067154",
    "M_2_PI 0.63661977236758134308",
    "M_SQRT2 1.41421356237309504880",
    "M_SQRT1_2 0.70710678118654752440",
    "HUGE_VAL (__builtin_huge_val())",
    "INFINITY (__builtin_inff())",
    "NAN (__builtin_nanf(\"\"))",
  ],
  "limits.h": [
    "CHAR_BIT 8",
    "SCHAR_MIN (-128)",
    "SCHAR_MAX 127",
    "UCHAR_MAX 255",
    "CHAR_MIN SCHAR_MIN",
    "CHAR_MAX SCHAR_MAX",
    "SHRT_MIN (-32768)",
    "SHRT_MAX 32767",
    "USHRT_MAX 65535",
    "INT_MIN (-INT_MAX - 1)",
    "INT_MAX 2147483647",
    "UINT_MAX 4294967295U",
    "LONG_MAX 9223372036854775807L",
    "LONG_MIN (-LONG_MAX - 1L)",
    "ULONG_MAX 18446744073709551615UL",
    "LLONG_MAX 9223372036854775807LL",
    "LLONG_MIN (-LLONG_MAX - 1LL)",
    "ULLONG_MAX 18446744073709551615ULL",
  ],
  "float.h": [
    "FLT_MAX 3.40282346638528859812e+38F",
    "FLT_MIN 1.17549435082228750797e-38F",
    "FLT_EPSILON 1.1920928955078125e-7F",
    "DBL_MAX 1.79769313486231570815e+308",
    "DBL_MIN 2.22507385850720138309e-308",
    "DBL_EPSILON 2.22044604925031308085e-16",
    "DBL_DIG 15",
    "FLT_DIG 6",
  ],
  "stdint.h": [
    "INT8_MAX 127",
    "INT16_MAX 32767",
    "INT32_MAX 2147483647",
    "INT64_MAX 9223372036854775807L",
    "INT32_MIN (-2147483647-1)",
    "INT64_MIN (-9223372036854775807L-1)",
    "UINT8_MAX 255",
    "UINT16_MAX 65535",
    "UINT32_MAX 4294967295U",
    "UINT64_MAX 18446744073709551615UL",
    "SIZE_MAX 18446744073709551615UL",
  ],
  "stdbool.h": ["bool _Bool", "true 1", "false 0", "__bool_true_false_are_defined 1"],
  "errno.h": ["EDOM 33", "ERANGE 34", "EINVAL 22", "ENOENT 2"],
  "fcntl.h": ["O_RDONLY 0", "O_WRONLY 1", "O_RDWR 2", "O_CREAT 0100"],
};

/** Headers whose macros are another header's too (`<cstdio>`-style names are not C, but cheap to accept). */
const ALIASES: Record<string, string> = { "inttypes.h": "stdint.h", "sys/time.h": "time.h" };

/** The macro definitions (`NAME BODY` text) a system header provides, or [] when doall knows none. */
export function systemHeaderMacros(name: string): string[] {
  return SYSTEM_HEADER_MACROS[name] ?? SYSTEM_HEADER_MACROS[ALIASES[name] ?? ""] ?? [];
}
