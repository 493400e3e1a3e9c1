// Stands in for the 'server-only' package under Vitest: the real one throws
// outside a React Server environment, which a Node test process is not.
export {};
