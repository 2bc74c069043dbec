-- Which job-queue workers are alive (issue 43: a crashed process's jobs are unlocked within seconds; server/jobs/liveness.ts).
CREATE TABLE "job_workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
