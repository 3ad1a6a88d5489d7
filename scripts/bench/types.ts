// scripts/bench/types.ts
export interface BenchContext {
  base: string;
  port: number;
  pid: number;
  bareRps: number;
  seconds: number;
  /** The app's DATA_DIR and its embedded PostgreSQL's port (the recovery figures kill it). */
  dataDir: string;
  pgPort: number;
}
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}
