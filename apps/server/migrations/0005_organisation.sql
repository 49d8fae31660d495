CREATE TABLE "macro_company" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer DEFAULT 0 NOT NULL,
	"company_name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"company_code" text NOT NULL,
	"nature_key" text DEFAULT '' NOT NULL,
	"manager" text DEFAULT '' NOT NULL,
	"founded_date" text DEFAULT '' NOT NULL,
	"business_scope" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_company" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_dept" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_dept_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"dept_name" text NOT NULL,
	"dept_code" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"dept_type" text DEFAULT '' NOT NULL,
	"manager" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_dept" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_special_post" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_special_post_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" integer NOT NULL,
	"post_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_special_post" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_post" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_post_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_code" text NOT NULL,
	"post_name" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_post" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_company_code" ON "macro_company" USING btree ("tenant_id","company_code");--> statement-breakpoint
CREATE INDEX "macro_company_parent" ON "macro_company" USING btree ("tenant_id","parent_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_dept_code" ON "macro_dept" USING btree ("tenant_id","company_id","dept_code") WHERE dept_code <> '';--> statement-breakpoint
CREATE INDEX "macro_dept_company" ON "macro_dept" USING btree ("tenant_id","company_id","parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_dept_parent" ON "macro_dept" USING btree ("tenant_id","parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_dept_list" ON "macro_dept" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_special_post_type_post" ON "macro_special_post" USING btree ("tenant_id","type","post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_post_code" ON "macro_post" USING btree ("tenant_id","post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_post_name" ON "macro_post" USING btree ("tenant_id","post_name");--> statement-breakpoint
CREATE INDEX "macro_post_list" ON "macro_post" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE POLICY "macro_company_tenant_isolation" ON "macro_company" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_dept_tenant_isolation" ON "macro_dept" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_special_post_tenant_isolation" ON "macro_special_post" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_post_tenant_isolation" ON "macro_post" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));