CREATE TABLE "auth_lockout" (
	"account" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"locks" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "auth_lockout_tenant_id_account_pk" PRIMARY KEY("tenant_id","account")
);
--> statement-breakpoint
ALTER TABLE "auth_lockout" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "auth_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_used_refresh" (
	"hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_used_refresh" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "auth_session_previous";--> statement-breakpoint
ALTER TABLE "auth_used_refresh" ADD CONSTRAINT "auth_used_refresh_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_used_refresh_session" ON "auth_used_refresh" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "auth_session" DROP COLUMN "previous_hash";--> statement-breakpoint
CREATE POLICY "auth_lockout_tenant_isolation" ON "auth_lockout" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "auth_used_refresh_tenant_isolation" ON "auth_used_refresh" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));