import type { AnalyzeRequest, Answer, DepsRequest } from "./protocol.js";

export interface AnalysisEvents {
  /** An answer of the current analysis, or of a graph request. */
  answer(a: Answer): void;
  /** The current analysis was stopped (`why`: cancelled, over the time limit, the worker died), after `ms`. */
  stopped(why: string, ms: number): void;
  /** An analysis started (true) or ended (false). */
  busy(running: boolean): void;
}

/**
 * The page's side of the analysis worker. The analyzer runs there, so a
 * long analysis never freezes the page; stopping one is terminating the
 * worker (JavaScript cannot interrupt a synchronous computation
 * otherwise), and the next request starts a fresh one. The latest
 * analysis wins: a new one while another runs stops the old one, whose
 * result the user has edited past. An analysis that runs past `limitMs`
 * is stopped with a message.
 */
export class AnalysisClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private running: { id: number; started: number; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    private readonly url: URL,
    private readonly events: AnalysisEvents,
    readonly limitMs = 60_000,
  ) {}

  get busy(): boolean {
    return this.running !== null;
  }

  /** Since when the current analysis runs (performance.now()), or null. */
  get startedAt(): number | null {
    return this.running?.started ?? null;
  }

  analyze(req: Omit<AnalyzeRequest, "id" | "kind">): number {
    if (this.running) this.reset();
    const id = this.nextId++;
    const timer = setTimeout(() => this.stop(`stopped: the analysis took longer than ${this.limitMs / 1000} s`), this.limitMs);
    this.running = { id, started: performance.now(), timer };
    this.ensure().postMessage({ ...req, kind: "analyze", id } satisfies AnalyzeRequest);
    this.events.busy(true);
    return id;
  }

  deps(req: Omit<DepsRequest, "id" | "kind">): number {
    const id = this.nextId++;
    this.ensure().postMessage({ ...req, kind: "deps", id } satisfies DepsRequest);
    return id;
  }

  cancel(): void {
    if (this.running) this.stop("cancelled");
  }

  /** Drops the current analysis, if any, without a word (the page has something else to say). */
  abandon(): void {
    if (this.running) this.reset();
  }

  private stop(why: string): void {
    const ms = this.running ? performance.now() - this.running.started : 0;
    this.reset();
    this.events.stopped(why, ms);
  }

  private reset(): void {
    this.worker?.terminate();
    this.worker = null;
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running = null;
      this.events.busy(false);
    }
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { type: "module" });
    w.onmessage = (e: MessageEvent<Answer>) => this.onAnswer(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      // A worker that dies (out of memory, a script that did not load) takes its requests with it.
      const ms = this.running ? performance.now() - this.running.started : 0;
      this.reset();
      this.events.stopped(`the analyzer stopped${e.message ? `: ${e.message}` : ""}`, ms);
    };
    this.worker = w;
    return w;
  }

  private onAnswer(a: Answer): void {
    if (this.running && a.id === this.running.id && (a.stage === "done" || a.stage === "failed")) {
      clearTimeout(this.running.timer);
      this.running = null;
      this.events.busy(false);
    }
    this.events.answer(a);
  }
}
