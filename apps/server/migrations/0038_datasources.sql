CREATE TABLE "macro_data_source" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_data_source_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"link_id" integer NOT NULL,
	"sql" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_column" text DEFAULT '' NOT NULL,
	"parent_column" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_data_source" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_data_source" ADD CONSTRAINT "macro_data_source_link" FOREIGN KEY ("link_id") REFERENCES "public"."macro_database_link"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_data_source_name" ON "macro_data_source" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "macro_data_source_list" ON "macro_data_source" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_data_source_by_link" ON "macro_data_source" USING btree ("link_id");--> statement-breakpoint
CREATE POLICY "macro_data_source_tenant_isolation" ON "macro_data_source" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));