CREATE TABLE "macro_database_draft" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_database_draft_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"table_name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"columns" jsonb NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_database_draft" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_database_field" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_database_field_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"length" integer,
	"scale" integer,
	"nullable" boolean DEFAULT true NOT NULL,
	"primary_key" boolean DEFAULT false NOT NULL,
	"default_value" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_database_field" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_database_draft" ADD CONSTRAINT "macro_database_draft_link" FOREIGN KEY ("link_id") REFERENCES "public"."macro_database_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_database_draft_by_link" ON "macro_database_draft" USING btree ("tenant_id","link_id","table_name");--> statement-breakpoint
CREATE INDEX "macro_database_field_list" ON "macro_database_field" USING btree ("tenant_id","sort","name");--> statement-breakpoint
CREATE POLICY "macro_database_draft_tenant_isolation" ON "macro_database_draft" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_database_field_tenant_isolation" ON "macro_database_field" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));