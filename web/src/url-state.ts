import { langOf, type LangId } from "./languages.js";

/**
 * The playground's state in the URL's fragment, so a link reproduces what
 * the user sees: the program, its language, the options and the output
 * view. The fragment never reaches a server. It is the JSON of the state,
 * deflated and in base64url: `#s=...`.
 */
export interface PageState {
  lang: LangId;
  code: string;
  /** `--no-bounds-assumption` when false. */
  bounds: boolean;
  /** The -D text as typed. */
  defines: string;
  view: "side" | "diff";
}

/** Past this many characters of fragment, the program is not put in the URL (say so instead). */
export const MAX_FRAGMENT = 64 * 1024;

export async function encodeState(s: PageState): Promise<string> {
  const json = JSON.stringify({ v: 1, lang: s.lang, code: s.code, bounds: s.bounds, defines: s.defines, view: s.view });
  const bytes = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
  return "s=" + toBase64Url(bytes);
}

/** The state in a fragment (with or without its '#'), or why it cannot be read. */
export async function decodeState(fragment: string): Promise<PageState | { error: string }> {
  const m = /^#?s=([A-Za-z0-9_-]*)$/.exec(fragment);
  if (!m) return { error: "the link's state is not of the form #s=..." };
  let json: unknown;
  try {
    const bytes = await pipe(fromBase64Url(m[1]!), new DecompressionStream("deflate-raw"));
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { error: "the link's state is damaged (cut short?)" };
  }
  const o = json as Record<string, unknown>;
  if (typeof o !== "object" || o === null || o.v !== 1) return { error: "the link's state is from another version of the playground" };
  const lang = typeof o.lang === "string" ? langOf(o.lang) : undefined;
  if (!lang || typeof o.code !== "string") return { error: "the link's state has no program" };
  return {
    lang: lang.id,
    code: o.code,
    bounds: o.bounds !== false,
    defines: typeof o.defines === "string" ? o.defines : "",
    view: o.view === "diff" ? "diff" : "side",
  };
}

async function pipe(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  // Not awaited: the reader below drains the stream as the writer fills it (awaiting first could block on backpressure).
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}
