// Access-pattern analysis of seed 001 (Asakura & Watanabe): per array
// reference, the pattern (Var, Start, Stride, Num, Velocity, Accuracy)_ub
// with respect to each enclosing loop, by convolution.
export * from "./pattern.js";
export * from "./pattern-enumerate.js";
export * from "./convolve.js";
export * from "./widen.js";
export * from "./linearize.js";
export * from "./analyze-access.js";
export * from "./aggregate.js";
export * from "./dependence-ratio.js";
export * from "./call-effects.js";
export * from "./summary.js";
export * from "./access-json.js";
export type { Role, LevelKind } from "./ref-sites.js";
