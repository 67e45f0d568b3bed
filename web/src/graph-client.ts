import type { GraphAnswer, GraphRequest } from "./graph-worker.js";

/**
 * The page's side of the Graphviz worker, started on the first graph. One
 * graph at a time: asking for another while one is laid out terminates
 * the worker (the old graph is no longer wanted), and so does a layout
 * that runs past `limitMs`.
 */
export class GraphClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending: { id: number; resolve(svg: string): void; reject(e: Error): void; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    private readonly url: URL,
    readonly limitMs = 15_000,
  ) {}

  render(dot: string): Promise<string> {
    if (this.pending) this.fail(new Error("superseded"), true);
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`Graphviz took longer than ${this.limitMs / 1000} s: stopped`), true), this.limitMs);
      this.pending = { id, resolve, reject, timer };
      this.ensure().postMessage({ id, dot } satisfies GraphRequest);
    });
  }

  private fail(e: Error, terminate: boolean): void {
    const p = this.pending;
    this.pending = null;
    if (terminate) {
      this.worker?.terminate();
      this.worker = null;
    }
    if (p) {
      clearTimeout(p.timer);
      p.reject(e);
    }
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { type: "module" });
    w.onmessage = (e: MessageEvent<GraphAnswer>) => {
      const p = this.pending;
      if (!p || e.data.id !== p.id) return;
      this.pending = null;
      clearTimeout(p.timer);
      if ("svg" in e.data) p.resolve(e.data.svg);
      else p.reject(new Error(e.data.error));
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(`Graphviz stopped${e.message ? `: ${e.message}` : ""}`), true);
    };
    this.worker = w;
    return w;
  }
}
