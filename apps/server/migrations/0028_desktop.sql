CREATE TABLE "macro_desktop_scheme_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_desktop_scheme_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scheme_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_desktop_scheme_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_desktop_scheme" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_desktop_scheme_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_desktop_scheme" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_visual_home" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_visual_home_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"system_id" text DEFAULT '' NOT NULL,
	"scheme_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_visual_home" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_visual_relation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_visual_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"visual_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_visual_relation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_desktop_scheme_version" ADD CONSTRAINT "macro_desktop_scheme_version_scheme_id_macro_desktop_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."macro_desktop_scheme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_visual_home" ADD CONSTRAINT "macro_visual_home_scheme_id_macro_desktop_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."macro_desktop_scheme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_visual_relation" ADD CONSTRAINT "macro_visual_relation_visual_id_macro_desktop_scheme_id_fk" FOREIGN KEY ("visual_id") REFERENCES "public"."macro_desktop_scheme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_desktop_scheme_version_no" ON "macro_desktop_scheme_version" USING btree ("tenant_id","scheme_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_desktop_scheme_code" ON "macro_desktop_scheme" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_desktop_scheme_default" ON "macro_desktop_scheme" USING btree ("tenant_id") WHERE "macro_desktop_scheme"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "macro_visual_home_user" ON "macro_visual_home" USING btree ("tenant_id","user_id","system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_visual_relation_object" ON "macro_visual_relation" USING btree ("tenant_id","visual_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "macro_visual_relation_by_object" ON "macro_visual_relation" USING btree ("tenant_id","object_type","object_id");--> statement-breakpoint
CREATE POLICY "macro_desktop_scheme_version_tenant_isolation" ON "macro_desktop_scheme_version" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_desktop_scheme_tenant_isolation" ON "macro_desktop_scheme" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_visual_home_tenant_isolation" ON "macro_visual_home" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_visual_relation_tenant_isolation" ON "macro_visual_relation" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));