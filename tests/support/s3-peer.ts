import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server for tests: s3rver in this process, on a free
 * port, with its objects in a temporary folder and one empty bucket.
 * s3rver accepts the access key S3RVER with the secret S3RVER.
 */
export async function startS3Peer(bucket = "wbt-media") {
  const directory = await mkdtemp(path.join(os.tmpdir(), "wbt-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    /** The app's environment for MEDIA_STORAGE=s3 against this server. */
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
