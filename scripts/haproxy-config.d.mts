export function haproxyConfig(options: { port: number; servers: { name: string; port: number }[]; socket?: string }): string;
