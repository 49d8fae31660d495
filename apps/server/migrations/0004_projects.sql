CREATE TABLE "macro_project_role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_project_role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"role_name" text NOT NULL,
	"role_alias" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_project_role" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_project" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_project_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_name" text NOT NULL,
	"project_code" text NOT NULL,
	"manager" text DEFAULT '' NOT NULL,
	"start_date" text DEFAULT '' NOT NULL,
	"end_date" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_project" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_project_role" ADD CONSTRAINT "macro_project_role_project_id_macro_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."macro_project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_project_role_alias" ON "macro_project_role" USING btree ("tenant_id","project_id","role_alias");--> statement-breakpoint
CREATE INDEX "macro_project_role_list" ON "macro_project_role" USING btree ("tenant_id","project_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_project_role_order" ON "macro_project_role" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_project_code" ON "macro_project" USING btree ("tenant_id","project_code");--> statement-breakpoint
CREATE INDEX "macro_project_list" ON "macro_project" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE POLICY "macro_project_role_tenant_isolation" ON "macro_project_role" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_project_tenant_isolation" ON "macro_project" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));