/** Fortran program units and procedures, C function definitions: the names a file defines. */
export function definedNames(text: string, language: "fixed" | "free" | "c"): Set<string>;
/** `copies` copies of `text`, the k-th (k > 0) with the defined names renamed NAME_K. */
export function concatCopies(text: string, language: "fixed" | "free" | "c", copies: number): string;
