export declare function absoluteUrls(css: string, href: string): string;
export declare function inlineStylesheets(html: string, readCss: (href: string) => string): string;
export declare function inlineCss(distDir: string): { pages: number; inlined: number };
