/** Serves `dir` on 127.0.0.1 (`port` 0: any free port); GET and HEAD only. */
export function serveStatic(dir: string, options?: { port?: number }): Promise<{ url: string; close(): Promise<void> }>;
