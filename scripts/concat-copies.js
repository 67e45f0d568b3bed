// The same program N times in one file, for the growth test of
// scripts/bench.js: copy k > 0 has every procedure (and module) the file
// defines renamed NAME_K, in its definition and at its calls, so the
// copies do not clash and each calls its own procedures, exactly as the
// original does. Names the file only uses (procedures of other files,
// COMMON blocks, globals) are kept: the copies share them.
//
// Fixed-form Fortran: a statement line the renaming pushes past column 72
// is split there with a continuation line (blanks and line breaks inside a
// statement mean nothing in fixed form). C: only the functions are
// renamed; a file that defines initialized globals cannot be repeated.

/** Fortran program units and procedures, C function definitions: the names a file defines. */
export function definedNames(text, language) {
  const names = new Set();
  if (language === "c") {
    // A definition starts at column 1 and has its body after its parameter list.
    for (const m of text.matchAll(/^[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{/gm)) {
      if (!["if", "for", "while", "switch", "return", "sizeof"].includes(m[1])) names.add(m[1]);
    }
    return names;
  }
  const unit = /^(?:[ \t]*\d*)[ \t]*(?:(?:recursive|pure|elemental|impure|integer|real|logical|complex|character|double[ \t]*precision)[\w*()= \t]*?[ \t]+)?(subroutine|function|program|module|block[ \t]*data)[ \t]+([A-Za-z]\w*)/gim;
  for (const line of text.split("\n")) {
    if (isFortranComment(line, language)) continue;
    unit.lastIndex = 0;
    const m = unit.exec(line);
    if (m && !/^module[ \t]+procedure$/i.test(`${m[1]} ${m[2]}`)) names.add(m[2].toLowerCase());
  }
  return names;
}

/**
 * `copies` copies of `text`, the k-th (k > 0) with the defined names renamed.
 * `language` is "fixed", "free" (Fortran source forms) or "c".
 */
export function concatCopies(text, language, copies) {
  const names = [...definedNames(text, language)];
  const body = text.endsWith("\n") ? text : text + "\n";
  const parts = [body];
  for (let k = 1; k < copies; k++) parts.push(renamed(body, language, names, `_${k}`));
  return parts.join("");
}

function renamed(text, language, names, suffix) {
  if (names.length === 0) return text;
  const flags = language === "c" ? "g" : "gi";
  const word = new RegExp(`\\b(${names.map((n) => n.replace(/[^\w]/g, "")).join("|")})\\b`, flags);
  return text
    .split("\n")
    .map((line) => {
      if (language !== "c" && isFortranComment(line, language)) return line;
      const r = line.replace(word, (n) => n + suffix);
      return language === "fixed" && r !== line ? continued(line, r) : r;
    })
    .join("\n");
}

function isFortranComment(line, language) {
  if (language === "fixed" && /^[cC*!]/.test(line)) return true;
  return /^\s*!/.test(line);
}

/** A fixed-form statement line longer than 72 columns after renaming, as continued lines. */
function continued(original, line) {
  const code = line.replace(/!.*$/, "");
  if (code.length <= 72 || original.length > 72) return line;
  const out = [line.slice(0, 72)];
  for (let rest = line.slice(72); rest.length > 0; rest = rest.slice(66)) out.push(`     &${rest.slice(0, 66)}`);
  return out.join("\n");
}
