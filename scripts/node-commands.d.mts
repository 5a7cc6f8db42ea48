export function packageBin(name: string): string;
export function binCommand(name: string, args?: string[]): [string, string[]];
export function tsxCommand(file: string, args?: string[], nodeOptions?: string[]): [string, string[]];
export function npmRunCommand(script: string, args?: string[], npmOptions?: string[]): [string, string[]];
