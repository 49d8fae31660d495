CREATE TABLE "macro_database_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_database_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"database_name" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text,
	"ssl" boolean DEFAULT false NOT NULL,
	"schema_name" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_database_link" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_database_link_name" ON "macro_database_link" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "macro_database_link_list" ON "macro_database_link" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE POLICY "macro_database_link_tenant_isolation" ON "macro_database_link" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));