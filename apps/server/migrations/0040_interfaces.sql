CREATE TABLE "macro_interface_call" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_interface_call_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"interface_id" integer NOT NULL,
	"user_id" integer,
	"ip" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_interface_call" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_interface_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_interface_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_interface_category" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_interface_rate" (
	"interface_id" integer NOT NULL,
	"caller" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_interface_rate_tenant_id_interface_id_caller_pk" PRIMARY KEY("tenant_id","interface_id","caller")
);
--> statement-breakpoint
ALTER TABLE "macro_interface_rate" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_interface_info" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_interface_info_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"data_source_id" integer,
	"url" text DEFAULT '' NOT NULL,
	"permission" text DEFAULT '' NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"rate_limit" integer DEFAULT 60 NOT NULL,
	"response" text DEFAULT 'envelope' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_interface_info" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "macro_interface_call_list" ON "macro_interface_call" USING btree ("tenant_id","interface_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_interface_category_name" ON "macro_interface_category" USING btree ("tenant_id","parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_interface_info_code" ON "macro_interface_info" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_interface_info_route" ON "macro_interface_info" USING btree ("tenant_id","method","path");--> statement-breakpoint
CREATE INDEX "macro_interface_info_list" ON "macro_interface_info" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_interface_info_category" ON "macro_interface_info" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE POLICY "macro_interface_call_tenant_isolation" ON "macro_interface_call" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_interface_category_tenant_isolation" ON "macro_interface_category" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_interface_rate_tenant_isolation" ON "macro_interface_rate" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_interface_info_tenant_isolation" ON "macro_interface_info" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));