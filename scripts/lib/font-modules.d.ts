// The two font tools ship no types: these are the calls subset-inter.ts and its test make.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype';
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}

declare module 'fontverter' {
  const fontverter: {
    convert(font: Buffer, to: 'truetype' | 'woff' | 'woff2' | 'sfnt'): Promise<Buffer>;
  };
  export default fontverter;
}
