import jacobi from "../../examples/fortran/jacobi.f";
import heat from "../examples/heat.f90";
import matmul from "../examples/matmul.F90";
import vectors from "../examples/vectors.c";
import type { LangId } from "./languages.js";

/** The programs the playground offers to start from (files of their own, imported as text). */
export interface Example {
  id: string;
  name: string;
  lang: LangId;
  text: string;
}

export const EXAMPLES: readonly Example[] = [
  { id: "jacobi", name: "Jacobi relaxation (Fortran 77)", lang: "fixed", text: jacobi },
  { id: "heat", name: "Stencil, sum, shift, recurrence (Fortran 90)", lang: "free", text: heat },
  { id: "vectors", name: "Vector kernels (C)", lang: "c", text: vectors },
  { id: "matmul", name: "Matrix product with #ifdef (Fortran, preprocessed)", lang: "free-cpp", text: matmul },
];
