CREATE TABLE "macro_api_scope" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_api_scope_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"menu_id" integer NOT NULL,
	"resource_code" text NOT NULL,
	"scope_name" text NOT NULL,
	"scope_path" text NOT NULL,
	"scope_type" integer DEFAULT 2 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_api_scope" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_data_scope" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_data_scope_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"menu_id" integer NOT NULL,
	"resource_code" text NOT NULL,
	"scope_name" text NOT NULL,
	"scope_column" text DEFAULT '' NOT NULL,
	"scope_type" integer NOT NULL,
	"scope_operator" text DEFAULT '' NOT NULL,
	"scope_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_data_scope" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_role_api_scope" (
	"role_id" integer NOT NULL,
	"scope_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_role_api_scope_role_id_scope_id_pk" PRIMARY KEY("role_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "macro_role_api_scope" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_role_data_scope" (
	"role_id" integer NOT NULL,
	"scope_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_role_data_scope_role_id_scope_id_pk" PRIMARY KEY("role_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "macro_role_data_scope" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_dept" ADD COLUMN "create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "macro_role_api_scope" ADD CONSTRAINT "macro_role_api_scope_scope_id_macro_api_scope_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."macro_api_scope"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_role_data_scope" ADD CONSTRAINT "macro_role_data_scope_scope_id_macro_data_scope_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."macro_data_scope"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_api_scope_menu" ON "macro_api_scope" USING btree ("tenant_id","menu_id","id");--> statement-breakpoint
CREATE INDEX "macro_api_scope_path" ON "macro_api_scope" USING btree ("tenant_id","scope_path");--> statement-breakpoint
CREATE INDEX "macro_data_scope_menu" ON "macro_data_scope" USING btree ("tenant_id","menu_id","id");--> statement-breakpoint
CREATE INDEX "macro_data_scope_resource" ON "macro_data_scope" USING btree ("tenant_id","resource_code");--> statement-breakpoint
CREATE INDEX "macro_role_api_scope_scope" ON "macro_role_api_scope" USING btree ("scope_id");--> statement-breakpoint
CREATE INDEX "macro_role_data_scope_scope" ON "macro_role_data_scope" USING btree ("scope_id");--> statement-breakpoint
CREATE INDEX "macro_user_owner" ON "macro_user" USING btree ("tenant_id","create_user","id");--> statement-breakpoint
CREATE POLICY "macro_api_scope_tenant_isolation" ON "macro_api_scope" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_data_scope_tenant_isolation" ON "macro_data_scope" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_role_api_scope_tenant_isolation" ON "macro_role_api_scope" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_role_data_scope_tenant_isolation" ON "macro_role_data_scope" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));