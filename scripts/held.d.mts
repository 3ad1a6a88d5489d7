export interface HeldSettings {
  host: string;
  port: number;
  dataDir: string;
  embeddedPgPort: number;
  embedded: boolean;
}
export declare function heldSettings(env?: Record<string, string | undefined>): HeldSettings;
export declare function listenersOn(port: number): number[];
export declare function describeHolder(pid: number): { stop: number; ours: boolean; text: string };
export declare function heldProblem(settings?: HeldSettings): Promise<string | undefined>;
