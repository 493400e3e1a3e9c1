// Every chunk a page runs at start-up gets V8's explicit compile hint, a first-line `//# allFunctionsCalledOnLoad`
// comment (Chromium 136 and later; other engines ignore it): nearly every function in those chunks runs while the
// page hydrates, and with the hint V8 compiles them on a background thread while the file streams in instead of
// one by one on the main thread when first called. Chunks loaded on demand (chat, voice, calculator chart) stay
// lazily compiled. Figures in bench/results/postbuild.md.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunk with the hint on its first line, once. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}
