export function utterances(source: string): Array<{ at: number; text: string }>;
export function unpunctuated(text: string): string;
export function captions(source: string, layout: 'punctuated' | 'plain' | 'rolling'): string;
