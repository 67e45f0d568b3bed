import type { DepsFileReport } from "doall";
import type { GraphClient } from "./graph-client.js";
import { loopGraphDot, MAX_GRAPH_EDGES } from "./graph-dot.js";

/**
 * The dependence graph of the loop under the cursor (`deps()` with the
 * array edges, drawn by Graphviz in its worker). A graph too large to
 * read, or one Graphviz takes too long over, gets a message instead.
 */
export class GraphView {
  private shown = "";

  constructor(
    private readonly box: HTMLElement,
    private readonly client: GraphClient,
  ) {}

  message(text: string): void {
    this.shown = "";
    const p = document.createElement("p");
    p.className = "note";
    p.textContent = text;
    this.box.replaceChildren(p);
    this.box.dataset.state = "message";
  }

  async show(report: DepsFileReport, loopLine: number, source: readonly string[]): Promise<void> {
    const g = loopGraphDot(report, loopLine, source);
    if ("tooLarge" in g) {
      this.message(`This loop has ${g.tooLarge} dependence edges, more than the ${MAX_GRAPH_EDGES} drawn here: doall deps FILE --loop ${loopLine} --arrays --dot draws them all.`);
      return;
    }
    if (g.edges === 0) {
      this.message("No dependence between the statements of this loop (the edges of loop indices are left out).");
      return;
    }
    if (g.dot === this.shown) return;
    this.box.dataset.state = "drawing";
    try {
      const svg = await this.client.render(g.dot);
      // Graphviz's SVG of our own DOT (labels escaped by Graphviz), parsed as an SVG document, not HTML.
      const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
      const root = doc.documentElement;
      if (root.nodeName !== "svg") throw new Error("Graphviz gave no SVG");
      const note = document.createElement("p");
      note.className = "note";
      note.textContent = g.innerIndices ? `${g.edges} edges (and ${g.innerIndices} on the indices of the inner loops, left out).` : `${g.edges} edge${g.edges === 1 ? "" : "s"}.`;
      this.box.replaceChildren(note, document.importNode(root, true));
      this.box.dataset.state = "drawn";
      this.shown = g.dot;
    } catch (e) {
      if (e instanceof Error && e.message === "superseded") return;
      this.message(`The graph could not be drawn: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
