export interface SiteSizes {
  files: { name: string; bytes: number; gzip: number }[];
  jsWasm: { bytes: number; gzip: number };
}
/** Builds the playground into `outdir` (default web/dist, emptied first); the size of each file, raw and gzipped. */
export function buildSite(options?: { outdir?: string; minify?: boolean }): Promise<SiteSizes>;
export function siteSizes(outdir: string): SiteSizes;
export function sizeTable(s: SiteSizes): string;
