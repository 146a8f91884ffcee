export const binPath: string;
export function loadedModules(args: string[], env?: Record<string, string>): string[];
