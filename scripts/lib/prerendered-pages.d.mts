export declare function pageFiles(distDir: string): string[];
export declare function rewritePages(distDir: string, transform: (html: string) => string, marker: string): { pages: number; changed: number };
