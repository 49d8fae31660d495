CREATE TABLE "macro_language_map" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_language_map_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type_code" text NOT NULL,
	"ns" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_language_map" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_language_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_language_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_language_type" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_module" (
	"menu_id" integer PRIMARY KEY NOT NULL,
	"subsystem_id" integer DEFAULT 0 NOT NULL,
	"forms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "macro_subsystem" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_subsystem_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "macro_param" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_param_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"param_name" text NOT NULL,
	"param_key" text NOT NULL,
	"param_value" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_param" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_module" ADD CONSTRAINT "macro_module_menu_id_macro_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."macro_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_language_map_mark" ON "macro_language_map" USING btree ("tenant_id","type_code","ns","key");--> statement-breakpoint
CREATE INDEX "macro_language_map_list" ON "macro_language_map" USING btree ("tenant_id","ns","key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_language_type_code" ON "macro_language_type" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "macro_module_subsystem" ON "macro_module" USING btree ("subsystem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_subsystem_code" ON "macro_subsystem" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_param_key" ON "macro_param" USING btree ("tenant_id","param_key");--> statement-breakpoint
CREATE POLICY "macro_language_map_tenant_isolation" ON "macro_language_map" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_language_type_tenant_isolation" ON "macro_language_type" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_param_tenant_isolation" ON "macro_param" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));