ALTER TABLE "auth_session" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_role_menu" DROP CONSTRAINT "macro_role_menu_role_id_macro_role_id_fk";
--> statement-breakpoint
ALTER TABLE "auth_session" ALTER COLUMN "tenant_id" SET DEFAULT current_setting('app.tenant_id', true);--> statement-breakpoint
CREATE INDEX "macro_role_menu_menu" ON "macro_role_menu" USING btree ("menu_id");--> statement-breakpoint
CREATE POLICY "auth_session_tenant_isolation" ON "auth_session" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));