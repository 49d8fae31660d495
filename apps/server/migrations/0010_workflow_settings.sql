CREATE TABLE "macro_delegate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_delegate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"entrusted_user_id" integer NOT NULL,
	"process_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_delegate" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_file" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"purpose" text NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_file" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_special_menu" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_special_menu_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"menu_name" text NOT NULL,
	"menu_code" text NOT NULL,
	"template_key" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_special_menu" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_stamp_user" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_stamp_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stamp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_stamp_user" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_stamp" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_stamp_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stamp_name" text NOT NULL,
	"category" integer NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"image_file_id" integer NOT NULL,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_stamp" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_stamp_user" ADD CONSTRAINT "macro_stamp_user_stamp_id_macro_stamp_id_fk" FOREIGN KEY ("stamp_id") REFERENCES "public"."macro_stamp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_delegate_owner" ON "macro_delegate" USING btree ("tenant_id","create_user","start_time");--> statement-breakpoint
CREATE INDEX "macro_delegate_list" ON "macro_delegate" USING btree ("tenant_id","create_user","id");--> statement-breakpoint
CREATE INDEX "macro_file_purpose" ON "macro_file" USING btree ("tenant_id","purpose","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_special_menu_code" ON "macro_special_menu" USING btree ("tenant_id","menu_code");--> statement-breakpoint
CREATE INDEX "macro_special_menu_list" ON "macro_special_menu" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_stamp_user_key" ON "macro_stamp_user" USING btree ("tenant_id","stamp_id","role","user_id");--> statement-breakpoint
CREATE INDEX "macro_stamp_user_user" ON "macro_stamp_user" USING btree ("tenant_id","user_id","role");--> statement-breakpoint
CREATE INDEX "macro_stamp_list" ON "macro_stamp" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_stamp_default_public" ON "macro_stamp" USING btree ("tenant_id") WHERE is_default and category = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_stamp_default_private" ON "macro_stamp" USING btree ("tenant_id","create_user") WHERE is_default and category = 1;--> statement-breakpoint
CREATE POLICY "macro_delegate_tenant_isolation" ON "macro_delegate" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_file_tenant_isolation" ON "macro_file" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_special_menu_tenant_isolation" ON "macro_special_menu" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_stamp_user_tenant_isolation" ON "macro_stamp_user" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_stamp_tenant_isolation" ON "macro_stamp" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));