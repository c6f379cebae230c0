export declare const SOURCES: string[];
export declare const STAMP: string;
export declare function sourcesHash(root?: string, sources?: string[]): string;
export declare function stale(root?: string, sources?: string[]): boolean;
export declare function markBuilt(root?: string, sources?: string[]): void;
