export declare const LOADER_FALLBACK_MS: number;
export declare function loaderScript(srcs: string[]): string;
export declare function hydrateAfterPaint(html: string): string;
export declare function hydrateAllAfterPaint(distDir: string): { pages: number; changed: number };
export declare function loaderScriptUrls(html: string): string[];
