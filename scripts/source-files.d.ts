/** The source files below a directory, found recursively by suffix, sorted (scripts/source-files.js). */
export function sourceFiles(dir: string, wanted: (name: string) => boolean): string[];
