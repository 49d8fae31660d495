CREATE TABLE "auth_social_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_social_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_social_link" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "auth_used_signature" (
	"hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "auth_social_link_external" ON "auth_social_link" USING btree ("tenant_id","source","external_id");--> statement-breakpoint
CREATE INDEX "auth_social_link_user" ON "auth_social_link" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE POLICY "auth_social_link_tenant_isolation" ON "auth_social_link" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));