export const REQUIRED_NODE_MAJOR: number;
export function nodeMajor(version: string): number;
export function nodeRuntimeProblem(version?: string, execPath?: string): string | null;
