CREATE TABLE "macro_form_annex" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" integer NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_form_annex" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_form_annex" ADD CONSTRAINT "macro_form_annex_file_id_macro_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."macro_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_form_annex_file" ON "macro_form_annex" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE POLICY "macro_form_annex_tenant_isolation" ON "macro_form_annex" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));