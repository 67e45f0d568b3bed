import type { Metafile } from "esbuild";

/** The Node imports web-tree-sitter makes behind its own "running in Node" checks (stubbed in the browser bundle). */
export const GUARDED_NODE_IMPORTS: string[];

/** The public core bundled for the browser (scripts/browser-core.js). */
export function buildBrowserCore(options?: { format?: "esm" | "iife"; minify?: boolean }): Promise<{ code: string; metafile: Metafile; stubbed: string[] }>;

export function sizes(code: string): { bytes: number; gzip: number };

/** The esbuild plugin that fails on Node imports (web-tree-sitter's guarded ones are stubbed and pushed to `stubbed`). */
export function noNodePlugin(stubbed?: string[]): import("esbuild").Plugin;
