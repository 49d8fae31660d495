ALTER TABLE "macro_oauth_client" ADD COLUMN "service_tenant_id" text;--> statement-breakpoint
ALTER TABLE "macro_oauth_client" ADD COLUMN "service_account" text;