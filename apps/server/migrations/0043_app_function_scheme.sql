CREATE TABLE "macro_app_function_scheme" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_app_function_scheme_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"func_id" integer NOT NULL,
	"page_kind" text NOT NULL,
	"form_code" text DEFAULT '' NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_app_function_scheme" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_app_function_scheme" ADD CONSTRAINT "macro_app_function_scheme_func_id_macro_app_func_id_fk" FOREIGN KEY ("func_id") REFERENCES "public"."macro_app_func"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_app_function_scheme_func" ON "macro_app_function_scheme" USING btree ("tenant_id","func_id");--> statement-breakpoint
CREATE POLICY "macro_app_function_scheme_tenant_isolation" ON "macro_app_function_scheme" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));