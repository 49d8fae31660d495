CREATE TABLE "macro_log_api" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_log_api_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"account" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"operation_id" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_log_api" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_log_error" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_log_error_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"account" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"client_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_log_error" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"account" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"image_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_feedback" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "macro_log_api_time" ON "macro_log_api" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "macro_log_error_time" ON "macro_log_error" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "macro_feedback_time" ON "macro_feedback" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE POLICY "macro_log_api_tenant_isolation" ON "macro_log_api" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_log_error_tenant_isolation" ON "macro_log_error" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_feedback_tenant_isolation" ON "macro_feedback" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));