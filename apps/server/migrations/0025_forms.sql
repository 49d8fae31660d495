CREATE TABLE "macro_form_instance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_form_instance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scheme_id" integer NOT NULL,
	"primary_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_form_instance" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_form_relation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_form_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scheme_id" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_form_relation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_form_scheme_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_form_scheme_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scheme_id" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_form_scheme_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_form_scheme" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_form_scheme_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"document" jsonb NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_form_scheme" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_form_instance" ADD CONSTRAINT "macro_form_instance_scheme_id_macro_form_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."macro_form_scheme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_form_relation" ADD CONSTRAINT "macro_form_relation_scheme_id_macro_form_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."macro_form_scheme"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_form_scheme_version" ADD CONSTRAINT "macro_form_scheme_version_scheme_id_macro_form_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."macro_form_scheme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_form_instance_key" ON "macro_form_instance" USING btree ("tenant_id","primary_key");--> statement-breakpoint
CREATE INDEX "macro_form_instance_scheme" ON "macro_form_instance" USING btree ("tenant_id","scheme_id","id");--> statement-breakpoint
CREATE INDEX "macro_form_relation_scheme" ON "macro_form_relation" USING btree ("tenant_id","scheme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_form_scheme_version_no" ON "macro_form_scheme_version" USING btree ("tenant_id","scheme_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_form_scheme_code" ON "macro_form_scheme" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_form_scheme_default" ON "macro_form_scheme" USING btree ("tenant_id") WHERE "macro_form_scheme"."is_default";--> statement-breakpoint
CREATE POLICY "macro_form_instance_tenant_isolation" ON "macro_form_instance" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_form_relation_tenant_isolation" ON "macro_form_relation" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_form_scheme_version_tenant_isolation" ON "macro_form_scheme_version" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_form_scheme_tenant_isolation" ON "macro_form_scheme" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));