-- Request limits counted in the database (issue 23 C). UNLOGGED (edited by hand; drizzle-kit
-- writes CREATE TABLE): counters need no WAL and no flush to disk; a crash empties the table.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
