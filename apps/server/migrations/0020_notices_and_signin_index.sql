CREATE TABLE "macro_notice_read" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_notice_read_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_notice_read" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_notice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"recipient_id" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"publish_time" timestamp with time zone,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_notice" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_notice_read" ADD CONSTRAINT "macro_notice_read_notice_id_macro_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."macro_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_notice_read_key" ON "macro_notice_read" USING btree ("tenant_id","user_id","notice_id");--> statement-breakpoint
CREATE INDEX "macro_notice_read_notice" ON "macro_notice_read" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "macro_notice_list" ON "macro_notice" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "macro_notice_inbox" ON "macro_notice" USING btree ("tenant_id","status","category","publish_time");--> statement-breakpoint
CREATE INDEX "audit_log_user_login" ON "audit_log" USING btree ("tenant_id","user_id","created_at") WHERE action = 'login';--> statement-breakpoint
CREATE POLICY "macro_notice_read_tenant_isolation" ON "macro_notice_read" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_notice_tenant_isolation" ON "macro_notice" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));