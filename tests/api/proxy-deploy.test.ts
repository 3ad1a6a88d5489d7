import { connect as http2Connect } from "node:http2";
import { request as httpsRequest } from "node:https";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { connect as netConnect, createServer as createNetServer } from "node:net";
import sharp from "sharp";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateInquiryResponse, InquiryMessage, NewMessageEvent } from "~/contracts/inquiries";
import { contacts } from "../../server/db/schema";
import { createAdmin } from "../../server/services/admin-accounts";
import { builtEntry, spawnLogged, tempDataDir, waitForHealth, type Spawned } from "../support/app-process";
import { createAdminToken } from "../support/admin";
import { createTestDatabase } from "../support/db";
import { freePort } from "../support/global-setup";
import {
  deployToolsRequired,
  findNginx,
  findOpenssl,
  INSTALL_HINT,
  shippedSiteFile,
  startNginx,
  type RunningNginx,
} from "../support/nginx";
import { clientEmail, createClientProject } from "../support/projects";
import {
  call,
  callJson,
  holdSocket,
  reconnectingSocket,
  until,
  upgradeStatus,
  type CallOptions,
} from "../support/proxy-client";
import { startS3Peer } from "../support/s3-peer";

/**
 * The production deploy, run: nginx with the shipped deploy/nginx/ri-web-design.conf (only its
 * listen, certificate and upstream lines changed; tests/support/nginx.ts) over TLS in front of two
 * built app processes on one PostgreSQL database and one S3 bucket (s3rver), TRUST_PROXY=1. The
 * two behave as one site: what one process does, the other knows. Each check writes through the
 * proxy, finds in nginx's access log which process answered (by the request id nginx gives it
 * and the app answers as X-Request-Id), and reads from the other one directly, or holds sockets on
 * both. Visitors leave from loopback addresses of their own (127.0.0.2...), so nginx sees several.
 * Last, one process is stopped with SIGTERM under a stream of contact-form writes.
 */
const available = !!findNginx() && !!findOpenssl();
if (!available && !deployToolsRequired())
  console.warn(`proxy-deploy.test.ts skipped: nginx or openssl is missing. ${INSTALL_HINT}`);

/** The public forms' limit per visitor address (the default). */
const FORM_LIMIT = 5;
/** Open chat sockets per visitor address and process: small, to reach it in a few upgrades. */
const SOCKETS_PER_ADDRESS = 3;
/**
 * Visitors writing at once while a process stops: enough that nginx keeps several connections to
 * it and sends on them while it drains (with a handful, a request meeting a connection as the
 * process closes it is rare; at 32 a drain that closed idle connections at once failed one run in two).
 */
const WRITERS = 32;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let s3: Awaited<ReturnType<typeof startS3Peer>>;
let nginx: RunningNginx;
let dataDir: string;
const apps = new Map<number, Spawned>();
let ports: [number, number];
let adminToken: string;
const ADMIN = { email: "owner.proxy@example.com", password: "proxy-deploy-password-2026" };

/** Through the proxy, trusting its certificate. */
const viaProxy = (path: string, options: CallOptions = {}) =>
  call(nginx.httpsOrigin, path, { ca: nginx.ca, ...options });
const jsonViaProxy = (path: string, body: unknown, options: CallOptions = {}) =>
  callJson(nginx.httpsOrigin, path, body, { ca: nginx.ca, ...options });
/** Straight to one process, around the proxy. */
const direct = (port: number, path: string, options: CallOptions = {}) =>
  call(`http://127.0.0.1:${port}`, path, options);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The process that answered a proxied request, and the other one. */
async function answeredBy(requestId: string): Promise<{ port: number; other: number }> {
  const upstreams = await nginx.upstreamOf(requestId);
  const port = upstreams.at(-1)!;
  expect(ports).toContain(port);
  return { port, other: ports.find((p) => p !== port)! };
}

describe.skipIf(!available && !deployToolsRequired())("the shipped nginx in front of two app processes", () => {
  beforeAll(async () => {
    if (!available) throw new Error(`nginx and openssl are needed for the deploy test. ${INSTALL_HINT}`);
    if (!existsSync(builtEntry)) throw new Error("No build found: run `npm run build` (npm test does it for you).");
    [database, s3] = await Promise.all([createTestDatabase(), startS3Peer()]);
    // A real password, so the sign-in goes through the API; the app makes no first admin beside it.
    await createAdmin(database.db, { ...ADMIN, name: "Tyler Brennan" });
    adminToken = (await createAdminToken(database.db)).token;
    ports = [await freePort(), await freePort()];
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    dataDir = tempDataDir("wbt-proxy-");
    for (const port of ports)
      apps.set(
        port,
        spawnLogged([builtEntry], {
          NODE_ENV: "production",
          LOG_LEVEL: "warn",
          PORT: String(port),
          DATABASE_URL: database.url,
          DATABASE_POOL_MAX: "4",
          REPORT_POOL_MAX: "1",
          // Shared, as /srv/ri-web-design/data would be: nothing in it matters with these settings.
          DATA_DIR: dataDir,
          SITE_URL: `https://127.0.0.1:${httpsPort}`,
          TRUST_PROXY: "1",
          PUBLIC_FORM_LIMIT: String(FORM_LIMIT),
          INQUIRY_SOCKETS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
          ...s3.env,
        }),
      );
    try {
      await Promise.all(ports.map((port) => waitForHealth(port, 40_000)));
    } catch (error) {
      throw new Error(`${String(error)}\n${[...apps.values()].map((app) => app.output()).join("\n")}`, {
        cause: error,
      });
    }
    nginx = await startNginx({ httpPort, httpsPort, upstreams: ports });
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const app of apps.values()) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill();
    await Promise.all([...apps.values()].map((app) => app.exited));
    await s3?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs the shipped site file with only its listen, certificate and upstream lines changed", () => {
    const shipped = readFileSync(shippedSiteFile, "utf8").split("\n");
    const run = nginx.site.text.split("\n");
    expect(run).toHaveLength(shipped.length);
    const changed = run.flatMap((line, i) =>
      line === shipped[i] ? [] : [{ shipped: shipped[i]!.trim(), run: line.trim() }],
    );
    // 2 upstream servers, 2 + 2 listen lines (IPv6 commented out), the certificate and its key.
    expect(changed).toHaveLength(8);
    for (const { shipped: before, run: after } of changed) {
      expect(before).toMatch(/^(listen |server 127\.0\.0\.1:3\d{3} |ssl_certificate(_key)? \/etc\/letsencrypt\/)/);
      expect(after).toMatch(
        /^(listen 127\.0\.0\.1:\d+|# listen \[::\]|server 127\.0\.0\.1:\d+ |ssl_certificate(_key)? \S+\/(cert|key)\.pem;)/,
      );
    }
  });

  it("redirects plain HTTP to HTTPS, and passes the app's compression, caching and headers through", async () => {
    const plain = await call(nginx.httpOrigin, "/pricing?ref=flyer");
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://127.0.0.1/pricing?ref=flyer");

    const encodings = { "Accept-Encoding": "br, gzip" };
    const home = await viaProxy("/", { headers: encodings });
    expect(home.status).toBe(200);
    expect(home.headers["content-encoding"]).toBe("br");
    expect(home.headers.vary).toMatch(/Accept-Encoding/i);
    // The app's own header (SITE_URL is https), through the proxy.
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    // The same bytes as the app sends (both processes send the same prerendered page): nginx
    // neither decodes nor compresses again.
    expect(home.body.equals((await direct(ports[0], "/", { headers: encodings })).body)).toBe(true);

    const asset = /\/assets\/[\w.-]+\.js/.exec(
      (await viaProxy("/")).text(), // identity: the page's HTML as text
    )?.[0];
    expect(asset, "a script of the build on the home page").toBeTruthy();
    const script = await viaProxy(asset!, { headers: encodings });
    expect(script.status).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers["content-encoding"]).toBe("br");

    // An answer the app sends as it is (a write's confirmation) stays so, though the main
    // configuration says `gzip on` for every type: the site's `gzip off` wins.
    const posted = await jsonViaProxy(
      "/api/contact",
      { name: "Ann Lee", email: clientEmail("ann"), message: "Hello!" },
      { from: "127.0.0.9", headers: { "Accept-Encoding": "gzip" } },
    );
    expect(posted.status).toBe(200);
    expect(posted.headers["content-encoding"]).toBeUndefined();
    expect(posted.json()).toEqual({ success: true });
  });

  it("speaks HTTP/2 over TLS", async () => {
    const session = http2Connect(nginx.httpsOrigin, { ca: nginx.ca });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ":path": "/api/health" });
        stream.on("response", (headers) => resolve(Number(headers[":status"])));
        stream.on("error", reject);
        stream.resume();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
  });

  it("refuses a body over the upload limit itself, with a JSON error", async () => {
    // Only the headers are sent: nginx answers from the declared length, before any of the body.
    const { status, type, body } = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const req = httpsRequest(
          `${nginx.httpsOrigin}/api/admin/media/upload`,
          {
            method: "POST",
            ca: nginx.ca,
            agent: false,
            headers: {
              ...bearer(adminToken),
              "Content-Type": "application/octet-stream",
              "Content-Length": String(27 * 1024 * 1024),
            },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk: Buffer) => (text += chunk.toString()));
            res.on("end", () => {
              resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body: text });
              req.destroy();
            });
          },
        );
        req.on("error", reject);
        req.flushHeaders();
      },
    );
    expect(status).toBe(413);
    expect(type).toMatch(/^application\/json/);
    expect((JSON.parse(body) as { error: string }).error).toMatch(/25 MB/);
  });

  it("keeps an admin session started through one process on the other, and ends it on both", async () => {
    const login = await jsonViaProxy("/api/auth/login", ADMIN, { from: "127.0.0.2" });
    expect(login.status, login.text()).toBe(200);
    const { token } = login.json<{ token: string }>();
    const { port, other } = await answeredBy(login.requestId);
    const me = await direct(other, "/api/auth/me", { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect(me.json<{ user: { email: string } }>().user.email).toBe(ADMIN.email);
    expect((await direct(port, "/api/auth/me", { headers: bearer(token) })).status).toBe(200);

    // Signed out on the other process: the one that started the session refuses it too.
    expect((await direct(other, "/api/auth/logout", { method: "POST", headers: bearer(token) })).status).toBe(200);
    await until(
      async () => (await direct(port, "/api/auth/me", { headers: bearer(token) })).status === 401,
      "the ended session refused by the process that started it",
    );
  });

  it("opens a client's projects on either process with a portal token issued by one", async () => {
    const projectId = await createClientProject(database.db, { name: "Ana Ruiz", email: clientEmail("ana") });
    const found = await jsonViaProxy(
      "/api/client-portal/lookup",
      { type: "project-id", identifier: projectId },
      { from: "127.0.0.2" },
    );
    expect(found.status, found.text()).toBe(200);
    const token = found.json<{ portal_token: string }>().portal_token;
    const { other } = await answeredBy(found.requestId);
    const listed = await direct(other, "/api/client-portal/projects", { headers: bearer(token) });
    expect(listed.status).toBe(200);
    expect(listed.json<{ projects: { id: string }[] }>().projects.map((p) => p.id)).toEqual([projectId]);
  });

  it("counts a visitor's form posts on both processes, by the address nginx saw", async () => {
    const post = (from: string, written?: string) =>
      jsonViaProxy(
        "/api/contact",
        { name: "Dev Patel", email: clientEmail("dev"), message: "A menu update, please." },
        // Whatever a visitor writes in X-Forwarded-For stays left of nginx's entry and counts for nothing.
        { from, headers: written ? { "X-Forwarded-For": written } : {} },
      );
    const allowed = [];
    for (let i = 0; i < FORM_LIMIT; i++) allowed.push(await post("127.0.0.3", `198.51.100.${i}`));
    expect(allowed.map((res) => res.status)).toEqual(Array(FORM_LIMIT).fill(200));
    const answeredByPort = new Set(
      await Promise.all(allowed.map(async (res) => (await answeredBy(res.requestId)).port)),
    );
    expect([...answeredByPort].sort(), "both processes took some of them").toEqual([...ports].sort());
    const limited = await post("127.0.0.3", "198.51.100.99");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    // Another visitor is not held back by the first.
    expect((await post("127.0.0.4")).status).toBe(200);
  });

  it("delivers chat messages and project comments to sockets on both processes and through the proxy", async () => {
    const created = await viaProxy("/api/inquiries/create", { method: "POST" });
    expect(created.status).toBe(201);
    const { inquiryId, messages: opening } = created.json<CreateInquiryResponse>();
    const chatPath = `/api/inquiries/${inquiryId}/websocket`;
    const wss = nginx.httpsOrigin.replace("https:", "wss:");
    const origin = { Origin: nginx.httpsOrigin };
    const chat = [
      ...ports.map((port) => reconnectingSocket(`ws://127.0.0.1:${port}${chatPath}`)),
      reconnectingSocket(`${wss}${chatPath}`, { ca: nginx.ca, from: "127.0.0.5", headers: origin }),
      reconnectingSocket(`${wss}${chatPath}`, { ca: nginx.ca, from: "127.0.0.5", headers: origin }),
    ];
    await Promise.all(chat.map((socket) => socket.opened));
    const heard = (id: number) =>
      chat.every((socket) => socket.frames.some((frame) => (JSON.parse(frame) as NewMessageEvent).message?.id === id));

    // Posted through the proxy, then to each process directly: every socket hears each.
    let lastQuestion = opening.filter((m) => m.message_type === "question").at(-1)!.question_type;
    const answers = ["Rosa Almeida", "rosa@example.com", "A bakery site"];
    const targets = [nginx.httpsOrigin, ...ports.map((port) => `http://127.0.0.1:${port}`)];
    for (const [i, target] of targets.entries()) {
      const res = await callJson(
        target,
        `/api/inquiries/${inquiryId}/messages`,
        {
          inquiry_id: inquiryId,
          author_type: "visitor",
          content: answers[i],
          message_type: "answer",
          question_type: lastQuestion,
        },
        { ca: nginx.ca },
      );
      expect(res.status, res.text()).toBe(201);
      const { message, replies } = res.json<{ message: InquiryMessage; replies: InquiryMessage[] }>();
      await until(() => heard(message.id), `message ${i + 1} on every socket`);
      lastQuestion = replies.filter((m) => m.message_type === "question").at(-1)?.question_type ?? lastQuestion;
    }
    // A page of another site cannot open the chat through the proxy.
    expect(
      await upgradeStatus(`${wss}${chatPath}`, { ca: nginx.ca, headers: { Origin: "https://evil.example" } }),
    ).toBe(403);
    for (const socket of chat) socket.close();

    const projectId = await createClientProject(database.db, { name: "Ben Okafor", email: clientEmail("ben") });
    const commentsPath = `/api/projects/${projectId}/websocket?token=${encodeURIComponent(adminToken)}`;
    const project = [
      ...ports.map((port) => reconnectingSocket(`ws://127.0.0.1:${port}${commentsPath}`)),
      reconnectingSocket(`${wss}${commentsPath}`, { ca: nginx.ca, from: "127.0.0.5", headers: origin }),
    ];
    await Promise.all(project.map((socket) => socket.opened));
    for (const target of targets) {
      const res = await callJson(
        target,
        `/api/projects/${projectId}/comments`,
        { content: `From ${target}`, attachments: [] },
        { ca: nginx.ca, headers: bearer(adminToken) },
      );
      expect(res.status, res.text()).toBe(201);
      const { id } = res.json<{ comment: { id: number } }>().comment;
      await until(
        () => project.every((socket) => socket.frames.some((frame) => JSON.parse(frame).comment?.id === id)),
        `the comment posted to ${target} on every socket`,
      );
    }
    for (const socket of project) socket.close();
  });

  it("serves a file uploaded through one process from the other, out of the one bucket", async () => {
    const bytes = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#2a6f97" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new File([bytes], "Storefront.png", { type: "image/png" }));
    const encoded = new Response(form);
    const uploaded = await viaProxy("/api/admin/media/upload", {
      method: "POST",
      headers: { ...bearer(adminToken), "Content-Type": encoded.headers.get("content-type")! },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.status, uploaded.text()).toBe(201);
    const { media } = uploaded.json<{ media: { url: string; thumbnail_url: string } }>();
    const { other } = await answeredBy(uploaded.requestId);
    const file = await direct(other, media.url);
    expect(file.status).toBe(200);
    expect(file.body.equals(bytes)).toBe(true);
    expect((await direct(other, media.thumbnail_url)).headers["content-type"]).toBe("image/webp");
    expect((await viaProxy(media.url)).body.equals(bytes)).toBe(true);
  });

  it("shows a post published through one process on the other's cached pages and API reads at once", async () => {
    const title = `Harbor news ${Date.now().toString(36)}`;
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    // Both processes have the pages and reads in memory before the post exists.
    for (const port of ports) {
      expect((await direct(port, "/blog")).text()).not.toContain(title);
      expect((await direct(port, `/blog/${slug}`)).headers.location).toBe("/404");
      expect((await direct(port, "/api/posts?post_type=blog&limit=10")).status).toBe(200);
    }
    const saved = await jsonViaProxy(
      "/api/admin/posts",
      { title, slug, content: "The harbor's shops open late on Fridays.", status: "published", post_type: "blog" },
      { headers: bearer(adminToken) },
    );
    expect(saved.status, saved.text()).toBe(201);
    const { other } = await answeredBy(saved.requestId);
    await until(async () => (await direct(other, "/blog")).text().includes(title), "the post on the other's /blog");
    for (const port of ports) {
      const page = await direct(port, `/blog/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text()).toContain(title);
      expect((await direct(port, "/blog")).text()).toContain(title);
      const list = (await direct(port, "/api/posts?post_type=blog&limit=10")).json<{ posts: { slug: string }[] }>();
      expect(list.posts.map((p) => p.slug)).toContain(slug);
      expect((await direct(port, `/api/posts/${slug}`)).status).toBe(200);
    }
  });

  it("shows a chat settings change made through one process on the other's widget settings", async () => {
    const before = await Promise.all(ports.map((port) => direct(port, "/api/chat-settings")));
    const welcome = `Welcome aboard ${Date.now().toString(36)}`;
    const saved = await viaProxy("/api/admin/chat-settings", {
      method: "PUT",
      headers: { ...bearer(adminToken), "Content-Type": "application/json" },
      body: JSON.stringify({ settings: { welcome_message: welcome } }),
    });
    expect(saved.status, saved.text()).toBe(200);
    for (const [i, port] of ports.entries()) {
      const etag = String(before[i]!.headers.etag);
      await until(async () => {
        const res = await direct(port, "/api/chat-settings", { headers: { "If-None-Match": etag } });
        return (
          res.status === 200 &&
          res.json<{ settings: { welcome_message: string } }>().settings.welcome_message === welcome
        );
      }, `the new welcome message on port ${port}`);
    }
  });

  it("caps chat sockets per visitor address, not per proxy address", async () => {
    const created = await viaProxy("/api/inquiries/create", { method: "POST" });
    const { inquiryId } = created.json<CreateInquiryResponse>();
    const url = `${nginx.httpsOrigin.replace("https:", "wss:")}/api/inquiries/${inquiryId}/websocket`;
    // One visitor fills its allowance on both processes (round robin spreads the upgrades; one
    // that lands on a process where the visitor is at its cap is refused with 429).
    const held = [];
    for (let attempt = 0; held.length < 2 * SOCKETS_PER_ADDRESS && attempt < 6 * SOCKETS_PER_ADDRESS; attempt++) {
      const { status, socket } = await holdSocket(url, { ca: nginx.ca, from: "127.0.0.7" });
      if (status === 101) held.push(socket);
      else expect(status).toBe(429);
    }
    try {
      expect(held).toHaveLength(2 * SOCKETS_PER_ADDRESS);
      expect(await upgradeStatus(url, { ca: nginx.ca, from: "127.0.0.7" })).toBe(429);
      // Another visitor through the same proxy is let in.
      expect(await upgradeStatus(url, { ca: nginx.ca, from: "127.0.0.8" })).toBe(101);
    } finally {
      for (const socket of held) socket.close();
    }
  });

  it("sends a write whose answer was lost on the way back to the other process, which answers it from the first copy", async () => {
    // In front of the first process, a relay that passes the request on and cuts the connection
    // when the answer starts: nginx has sent the write, the process has stored it, and nginx never
    // hears back (as when a process is killed under a request).
    let cut = 0;
    const relay = createNetServer((client) => {
      const upstream = netConnect(ports[0], "127.0.0.1");
      client.on("error", () => {});
      upstream.on("error", () => {});
      client.pipe(upstream);
      upstream.once("data", () => {
        cut++;
        upstream.destroy();
        client.destroy();
      });
    });
    const relayPort = await freePort();
    await new Promise<void>((resolve) => relay.listen(relayPort, "127.0.0.1", resolve));
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const cutting = await startNginx({ httpPort, httpsPort, upstreams: [relayPort, ports[1]] });
    try {
      const emails = Array.from({ length: 4 }, (_, i) => clientEmail(`relay${i}`));
      const answers = [];
      for (const [i, email] of emails.entries())
        answers.push(
          await callJson(
            cutting.httpsOrigin,
            "/api/submissions",
            { name: "Relay Visitor", email, description: "A site for the shop", readiness: "ready" },
            { ca: cutting.ca, from: `127.0.8.${i + 1}` },
          ),
        );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(cut, "answers cut by the relay").toBeGreaterThan(0);
      // The write that went through the relay was sent again, to the other process.
      const twice = cutting.accessLog().filter((e) => e.upstreams.length === 2);
      expect(twice.map((e) => e.upstreams)).toEqual(Array(cut).fill([relayPort, ports[1]]));
      // Each lead once, with the Project ID its visitor was given.
      for (const [i, email] of emails.entries()) {
        const { rows } = await database.pool.query(
          `select p.id from projects p join project_contacts pc on pc.project_id = p.id
           join contacts c on c.id = pc.contact_id where c.email = $1`,
          [email],
        );
        expect(rows).toEqual([{ id: answers[i]!.json<{ projectId: string }>().projectId }]);
      }
    } finally {
      await cutting.stop();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it("stops one process with SIGTERM under a stream of writes: no acknowledged write lost, no visitor error, sockets move over", async () => {
    const [stopping, staying] = ports;
    const created = await viaProxy("/api/inquiries/create", { method: "POST" });
    const { inquiryId, messages: opening } = created.json<CreateInquiryResponse>();
    const url = `${nginx.httpsOrigin.replace("https:", "wss:")}/api/inquiries/${inquiryId}/websocket`;
    // Two sockets opened one after the other: round robin puts one on each process.
    const first = reconnectingSocket(url, { ca: nginx.ca, from: "127.0.0.6" });
    await first.opened;
    const second = reconnectingSocket(url, { ca: nginx.ca, from: "127.0.0.6" });
    await second.opened;

    // Contact-form posts from WRITERS visitors at a time, each from an address of its own (under
    // the form limit), until 40 more have been answered after the process is gone.
    const results: { email: string; status: number; error?: string }[] = [];
    const writes = { going: true };
    let sent = 0;
    const writer = async () => {
      while (writes.going) {
        const n = sent++;
        const email = `stream.${n}.${Date.now().toString(36)}@example.com`;
        const from = `127.0.${1 + Math.floor(n / 200)}.${1 + (n % 200)}`;
        try {
          const res = await jsonViaProxy(
            "/api/contact",
            { name: "Stream Visitor", email, message: `Write ${n}` },
            { from },
          );
          results.push({ email, status: res.status, ...(res.status === 200 ? {} : { error: res.text() }) });
        } catch (error) {
          results.push({ email, status: -1, error: String(error) });
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await until(() => results.length >= 20, "writes before the stop");
    const app = apps.get(stopping)!;
    const signalledAt = Date.now();
    app.child.kill("SIGTERM");
    const exit = await app.exited;
    const exitedAt = Date.now();
    const answeredBefore = results.length;
    await until(() => results.length >= answeredBefore + 40, "writes after the stop", 10_000);
    writes.going = false;
    await Promise.all(writers);

    expect(exit).toEqual({ code: 0, signal: null });
    const failed = results.filter((r) => r.status !== 200);
    expect(failed, `answers other than 200; nginx said:\n${nginx.output()}`).toEqual([]);
    const stored = await database.db
      .select({ email: contacts.email })
      .from(contacts)
      .where(
        inArray(
          contacts.email,
          results.map((r) => r.email),
        ),
      );
    expect(stored.length, "every acknowledged write is in the database").toBe(results.length);
    // The stopping process answered writes while it drained (on the connections nginx kept to it),
    // and the other one took the rest.
    const stream = nginx.accessLog().filter((e) => e.request.startsWith("POST /api/contact") && e.at >= signalledAt);
    expect(stream.some((e) => e.upstreams.at(-1) === stopping && e.at <= exitedAt)).toBe(true);
    expect(stream.some((e) => e.upstreams.at(-1) === staying)).toBe(true);

    // The socket that was on the stopped process was told to go (1001) and opened again on the other.
    const moved = [first, second].filter((socket) => socket.closes.length > 0);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.closes[0]).toBe(1001);
    await until(() => first.open && second.open, "both sockets open again");
    const question = opening.filter((m) => m.message_type === "question").at(-1)!.question_type;
    const res = await jsonViaProxy(`/api/inquiries/${inquiryId}/messages`, {
      inquiry_id: inquiryId,
      author_type: "visitor",
      content: "Still here",
      message_type: "answer",
      question_type: question,
    });
    expect(res.status).toBe(201);
    const { id } = res.json<{ message: InquiryMessage }>().message;
    for (const socket of [first, second])
      await until(
        () => socket.frames.some((frame) => (JSON.parse(frame) as NewMessageEvent).message?.id === id),
        "the next message on each socket",
      );
    first.close();
    second.close();
  });

  it("answers 503 with Retry-After, as a page or as JSON, when no process is left", async () => {
    const last = apps.get(ports[1])!;
    last.child.kill("SIGTERM");
    await last.exited;
    const page = await viaProxy("/pricing");
    expect(page.status).toBe(503);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["retry-after"]).toBe("30");
    expect(page.text()).toContain("Back in a minute");
    const api = await jsonViaProxy("/api/contact", { name: "A", email: clientEmail("a"), message: "Hi" });
    expect(api.status).toBe(503);
    expect(api.headers["content-type"]).toMatch(/^application\/json/);
    expect(api.json<{ error: string }>().error).toMatch(/restarting/);
  });
});
