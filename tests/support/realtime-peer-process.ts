import { spawn } from "node:child_process";

/**
 * Starts tests/support/realtime-peer.ts, a second app process on the same database (a second
 * instance behind a load balancer), and answers its host once it listens.
 */
export async function startRealtimePeer(databaseUrl: string): Promise<{ host: string; stop(): void }> {
  const peer = spawn(process.execPath, ["--import", "tsx", "tests/support/realtime-peer.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const host = await new Promise<string>((resolve, reject) => {
    let out = "";
    peer.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(`127.0.0.1:${match[1]}`);
    });
    peer.on("exit", (code) => reject(new Error(`the second app process exited (${code})`)));
  });
  return { host, stop: () => peer.kill("SIGTERM") };
}
