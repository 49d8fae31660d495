CREATE TABLE "wf_scheme" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_scheme_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_scheme" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "wf_scheme_code" ON "wf_scheme" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "wf_scheme_list" ON "wf_scheme" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE POLICY "wf_scheme_tenant_isolation" ON "wf_scheme" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));