export const wranglerBin: string;
export const localEnv: NodeJS.ProcessEnv;
export const servingEnv: NodeJS.ProcessEnv;
export function wrangler(args: string[], options?: import("node:child_process").SpawnOptions): import("node:child_process").ChildProcess;
