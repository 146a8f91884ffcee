export const binPath: string;
export function loadedModules(args: string[]): string[];
