CREATE TABLE "macro_app_authorize" (
	"object_type" integer NOT NULL,
	"object_id" integer NOT NULL,
	"func_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_app_authorize_object_type_object_id_func_id_pk" PRIMARY KEY("object_type","object_id","func_id")
);
--> statement-breakpoint
ALTER TABLE "macro_app_authorize" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_app_func" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_app_func_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_app_func" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_user_data_scope" (
	"user_id" integer NOT NULL,
	"scope_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_user_data_scope_user_id_scope_id_pk" PRIMARY KEY("user_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "macro_user_data_scope" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_app_authorize" ADD CONSTRAINT "macro_app_authorize_func_id_macro_app_func_id_fk" FOREIGN KEY ("func_id") REFERENCES "public"."macro_app_func"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_user_data_scope" ADD CONSTRAINT "macro_user_data_scope_user_id_macro_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."macro_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_user_data_scope" ADD CONSTRAINT "macro_user_data_scope_scope_id_macro_data_scope_id_fk" FOREIGN KEY ("scope_id") REFERENCES "public"."macro_data_scope"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_app_authorize_func" ON "macro_app_authorize" USING btree ("tenant_id","func_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_app_func_code" ON "macro_app_func" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "macro_app_func_list" ON "macro_app_func" USING btree ("tenant_id","category","sort","id");--> statement-breakpoint
CREATE INDEX "macro_user_data_scope_scope" ON "macro_user_data_scope" USING btree ("tenant_id","scope_id");--> statement-breakpoint
CREATE POLICY "macro_app_authorize_tenant_isolation" ON "macro_app_authorize" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_app_func_tenant_isolation" ON "macro_app_func" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_user_data_scope_tenant_isolation" ON "macro_user_data_scope" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));