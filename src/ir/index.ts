export * from "./types.js";
export * from "./symbol.js";
export * from "./expr.js";
export * from "./stmt.js";
export * from "./program.js";
export * from "./walk.js";
export * from "./const-eval.js";
export * from "./print.js";
