import type ts from "typescript";
/** The build's transform of for-of loops over arrays into indexed loops, and of array patterns into reads by index (see the .js file for why). */
export function indexedLoops(program: ts.Program): ts.TransformerFactory<ts.SourceFile>;
