CREATE TABLE "wf_relation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scheme_id" integer NOT NULL,
	"form_key" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"auth_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth_posts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_relation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_start_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_start_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"issuer_id" bigint NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_start_link" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "wf_relation_scheme" ON "wf_relation" USING btree ("tenant_id","scheme_id");--> statement-breakpoint
CREATE INDEX "wf_relation_list" ON "wf_relation" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "wf_start_link_issuer" ON "wf_start_link" USING btree ("tenant_id","issuer_id","id");--> statement-breakpoint
CREATE POLICY "wf_relation_tenant_isolation" ON "wf_relation" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_start_link_tenant_isolation" ON "wf_start_link" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));