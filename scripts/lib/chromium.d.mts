export const chromiumPath: string;
export const chromiumFlags: readonly string[];
