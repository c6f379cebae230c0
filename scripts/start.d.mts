export declare const SOURCES: string[];
export declare const OUT: string;
export declare const STAMP: string;
export declare function stale(root?: string): boolean;
export declare function bundle(root?: string): Promise<void>;
