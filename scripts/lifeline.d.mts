export interface LifelineLink {
  child: number;
  parent: number;
  command: string;
}
export declare function processStat(pid: number): { state: string; ppid: number; pgrp: number } | undefined;
export declare function commandLine(pid: number): string;
export declare function recordLifeline(env?: Record<string, string | undefined>): LifelineLink[];
export declare function brokenLink(links: LifelineLink[]): LifelineLink | undefined;
export declare function watchLifeline(links: LifelineLink[], onGone: (link: LifelineLink) => void): void;
