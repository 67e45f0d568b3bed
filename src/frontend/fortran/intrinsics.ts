import type { Type } from "../../ir/types.js";

/**
 * Fortran intrinsic procedures doall knows. `result` gives the result type:
 * a fixed type, "arg" (same as the first argument, for generic functions
 * such as MAX or ABS), "logical", or "none" for subroutines. `pure` is false
 * for the few with side effects (random numbers, clocks, I/O-like).
 */
export interface IntrinsicInfo {
  result: Type | "arg" | "arg-real" | "none";
  pure: boolean;
  subroutine?: boolean;
}

const I4: Type = { base: "integer", bytes: 4 };
const R4: Type = { base: "real", bytes: 4 };
const R8: Type = { base: "real", bytes: 8 };
const C8: Type = { base: "complex", bytes: 8 };
const C16: Type = { base: "complex", bytes: 16 };
const L4: Type = { base: "logical", bytes: 4 };
const CH: Type = { base: "character" };

const table = new Map<string, IntrinsicInfo>();
function def(names: string, result: IntrinsicInfo["result"], pure = true, subroutine = false): void {
  for (const n of names.split(/\s+/).filter(Boolean)) table.set(n, subroutine ? { result, pure, subroutine } : { result, pure });
}

// Generic numeric functions: the result has the type of the (first) argument.
def("abs max min mod modulo sign dim sqrt exp log log10 sin cos tan asin acos atan atan2 sinh cosh tanh aint anint conjg sum product maxval minval dot_product matmul transpose merge cshift eoshift spread reshape pack unpack huge tiny epsilon nearest spacing fraction scale set_exponent rrspacing", "arg");
// Specific names with fixed types.
def("iabs isign idim max0 min0 mod0 int ifix idint nint idnint len len_trim index ichar iachar size lbound ubound kind selected_real_kind selected_int_kind exponent precision digits radix range floor ceiling count maxloc minloc iand ior ieor not ishft ishftc ibset ibclr ibits scan verify popcnt leadz trailz lnblnk max1 min1 shape", I4);
def("real float sngl alog alog10 amod amax0 amax1 amin0 amin1 abs0 aimag", R4);
def("dble dfloat dabs dsqrt dexp dlog dlog10 dsin dcos dtan dasin dacos datan datan2 dsinh dcosh dtanh dmod dsign dmax1 dmin1 dint dnint ddim dprod dimag", R8);
def("cmplx cabs csqrt cexp clog csin ccos", C8);
def("dcmplx dconjg cdabs cdsqrt cdexp", C16);
def("lge lgt lle llt btest allocated present associated any all is_iostat_end is_iostat_eor", L4);
def("char achar trim adjustl adjustr repeat", CH);
// Impure functions (state or clocks).
def("rand irand etime dtime second secnds", "arg-real", false);
def("omp_get_wtime", R8, false);
def("omp_get_thread_num omp_get_num_threads omp_get_max_threads", I4, false);
// Intrinsic subroutines.
def("random_number random_seed cpu_time system_clock date_and_time get_command_argument get_command getarg flush exit mvbits", "none", false, true);

export function intrinsicInfo(name: string): IntrinsicInfo | undefined {
  return table.get(name);
}

/** Result type of an intrinsic call given the first argument's type. */
export function intrinsicResultType(info: IntrinsicInfo, firstArg: Type | undefined): Type {
  if (info.result === "arg") return firstArg ?? R4;
  if (info.result === "arg-real") return R4;
  if (info.result === "none") return { base: "void" };
  return info.result;
}
