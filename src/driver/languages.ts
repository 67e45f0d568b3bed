import { extname } from "../util/path.js";
import type { SourceForm } from "../frontend/fortran/logical-line.js";
import { formForPath } from "../frontend/fortran/source-reader.js";

export type InputKind = { language: "fortran"; form: SourceForm; preprocess: boolean } | { language: "c" };

/**
 * What a file is, by suffix, as compilers decide: .f/.for/.f77 fixed-form
 * Fortran, .f90/.f95/... free form, upper-case .F/.F90 the same but run
 * through the preprocessor first, .c C. `form` overrides the Fortran form.
 */
export function inputKindOf(path: string, form?: SourceForm): InputKind | undefined {
  const ext = extname(path);
  if (ext === ".c" || ext === ".h") return { language: "c" };
  const f = formForPath(path);
  if (!f) return undefined;
  const preprocess = ext !== ext.toLowerCase() || ext.toLowerCase() === ".fpp";
  return { language: "fortran", form: form ?? f, preprocess };
}

export const KNOWN_SUFFIXES = ".f .for .f77 .ftn .f90 .f95 .f03 .f08 (upper case: preprocessed), .c";

/** Whether reading this file needs the C parser (which must be initialized first: it is async). */
export function needsCParser(path: string): boolean {
  return inputKindOf(path)?.language === "c";
}
