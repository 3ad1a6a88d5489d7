-- Writes the proxy may send twice: each claimed by its request id before it runs, its answer kept
-- minutes for a second copy to get instead of writing again (docs/decisions/039-writes-sent-twice.md).
CREATE TABLE "request_replays" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" bytea,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
