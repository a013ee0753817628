/** React's useId prefix of island `id`: the server and the browser must use the same one. */
export const islandPrefix = (id: number) => `island${id}-`;
