/**
 * How core code reads files. Core runs in Node and in the browser, so it
 * never imports `node:fs`; the CLI passes a host backed by the disk, the web
 * page one backed by an in-memory map.
 */
export interface SourceHost {
  /** The file's text, or undefined if it does not exist or cannot be read. */
  readFile(path: string): string | undefined;
  /**
   * Names of the files in a directory, if the host can list directories.
   * Used to find a Fortran module's source when another file USEs it.
   */
  listDir?(dir: string): string[] | undefined;
}

/** A host over an in-memory map of path to text (tests, the web playground). */
export function memoryHost(files: Record<string, string>): SourceHost {
  return {
    readFile: (p) => (Object.prototype.hasOwnProperty.call(files, p) ? files[p] : undefined),
    listDir: (dir) => {
      const prefix = dir === "." ? "" : dir.endsWith("/") ? dir : dir + "/";
      return Object.keys(files)
        .filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes("/"))
        .map((f) => f.slice(prefix.length));
    },
  };
}
