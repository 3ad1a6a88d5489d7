export declare const root: string;
export declare const stampFile: string;
export declare function computeStamp(env?: Record<string, string | undefined>): string;
export declare function readStamp(): string | undefined;
