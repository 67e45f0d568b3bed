import type { Cfg } from "../cfg/cfg.js";
import type { RefId } from "../refs/ref.js";
import type { Dependence, DepKind, DepOptions, Direction } from "./dependence.js";

const KINDS: readonly DepKind[] = ["flow", "anti", "output", "input"];

/** What the array dependence analysis learns about one edge. */
export interface Refinement {
  distance?: (number | null)[];
  direction?: Direction[];
  test?: string;
  /** Proved independent: the edge does not exist. */
  removed?: boolean;
}

/**
 * The dependence edges of one procedure, stored by column in typed arrays:
 * with arrays as whole variables a procedure of NPB has tens of thousands
 * of edges, and objects per edge would dominate time and memory. `edge(i)`
 * gives an edge as a Dependence object; `refine` records what the array
 * analysis proves about an edge without copying the graph.
 */
export class DependenceGraph {
  private kinds = new Uint8Array(64);
  private sources = new Int32Array(64);
  private sinks = new Int32Array(64);
  /** HIR loop id of the carrier, -1 for loop-independent. */
  private carriers = new Int32Array(64);
  private definites = new Uint8Array(64);
  private refinements = new Map<number, Refinement>();
  /** Number of edges. */
  size = 0;

  constructor(
    readonly cfg: Cfg,
    readonly options: Required<DepOptions>,
  ) {}

  push(kind: DepKind, source: RefId, sink: RefId, carrier: number | null, definite: boolean): void {
    if (this.size === this.sources.length) this.grow();
    const i = this.size++;
    this.kinds[i] = KINDS.indexOf(kind);
    this.sources[i] = source;
    this.sinks[i] = sink;
    this.carriers[i] = carrier ?? -1;
    this.definites[i] = definite ? 1 : 0;
  }

  kind(i: number): DepKind {
    return KINDS[this.kinds[i]!]!;
  }
  source(i: number): RefId {
    return this.sources[i]!;
  }
  sink(i: number): RefId {
    return this.sinks[i]!;
  }
  carrier(i: number): number | null {
    const c = this.carriers[i]!;
    return c < 0 ? null : c;
  }
  definite(i: number): boolean {
    return this.definites[i] === 1;
  }

  /** Edge i as an object (with the array analysis' refinement, if any). */
  edge(i: number): Dependence {
    const d: Dependence = { kind: this.kind(i), var: this.cfg.refs.refs[this.sinks[i]!]!.var, source: this.sources[i]!, sink: this.sinks[i]!, carrier: this.carrier(i), definite: this.definite(i) };
    const r = this.refinements.get(i);
    if (r?.distance) d.distance = r.distance;
    if (r?.direction) d.direction = r.direction;
    if (r?.test) d.test = r.test;
    return d;
  }

  /** Indices of the edges the array analysis has not removed. */
  *indices(): IterableIterator<number> {
    for (let i = 0; i < this.size; i++) if (!this.refinements.get(i)?.removed) yield i;
  }

  /** Every edge as an object: convenient for small graphs and tests. */
  edges(filter?: (i: number) => boolean): Dependence[] {
    const out: Dependence[] = [];
    for (const i of this.indices()) if (!filter || filter(i)) out.push(this.edge(i));
    return out;
  }

  refine(i: number, r: Refinement): void {
    this.refinements.set(i, { ...this.refinements.get(i), ...r });
  }

  private grow(): void {
    const n = this.sources.length * 2;
    const g = <T extends Uint8Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.kinds = g(this.kinds);
    this.sources = g(this.sources);
    this.sinks = g(this.sinks);
    this.carriers = g(this.carriers);
    this.definites = g(this.definites);
  }
}
