import { instance, type Viz } from "@viz-js/viz";

/**
 * Graphviz (compiled to wasm, @viz-js/viz) in a worker of its own: it is
 * loaded only when a graph is first shown (it is most of the site's
 * bytes), and a graph that takes too long to lay out can be stopped by
 * terminating this worker without losing the analyzer.
 */
export interface GraphRequest {
  id: number;
  dot: string;
}
export type GraphAnswer = { id: number; svg: string } | { id: number; error: string };

const scope = self as unknown as { postMessage(a: GraphAnswer): void; onmessage: ((e: MessageEvent<GraphRequest>) => void) | null };
let viz: Promise<Viz> | null = null;

scope.onmessage = async (e) => {
  const { id, dot } = e.data;
  try {
    viz ??= instance();
    const r = (await viz).render(dot, { format: "svg", engine: "dot" });
    if (r.status === "success") scope.postMessage({ id, svg: r.output });
    else scope.postMessage({ id, error: r.errors.map((x) => x.message).join("; ") || "Graphviz failed" });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
