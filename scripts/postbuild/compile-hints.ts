// Start-up chunks get V8's compile hint `//# allFunctionsCalledOnLoad` (Chromium 136+): nearly
// every function in them runs during hydration, and the hint has them compiled on a background
// thread as the file streams in, not one by one on the main thread; on-demand chunks stay lazy.
// Figures in bench/results/postbuild.md.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunk with the hint on its first line, once. */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}
