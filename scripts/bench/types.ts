// scripts/bench/types.ts
export interface BenchContext {
  base: string;
  port: number;
  pid: number;
  bareRps: number;
  seconds: number;
}
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}
