CREATE TABLE "macro_directory_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_directory_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_directory_link" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_directory_setting" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_directory_setting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"company_id" integer,
	"parent_dept_id" integer DEFAULT 0 NOT NULL,
	"last_sync" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_directory_setting" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_directory_link_external" ON "macro_directory_link" USING btree ("tenant_id","provider","kind","external_id");--> statement-breakpoint
CREATE INDEX "macro_directory_link_local" ON "macro_directory_link" USING btree ("tenant_id","kind","local_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_directory_setting_provider" ON "macro_directory_setting" USING btree ("tenant_id","provider");--> statement-breakpoint
CREATE POLICY "macro_directory_link_tenant_isolation" ON "macro_directory_link" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_directory_setting_tenant_isolation" ON "macro_directory_setting" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));