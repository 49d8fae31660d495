CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	"user_id" integer,
	"account" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_hash" text NOT NULL,
	"previous_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auth_session_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "platform_key" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "macro_dict" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_dict_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"dict_key" text NOT NULL,
	"dict_value" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_dict" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_menu" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_menu_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"i18n" text DEFAULT '' NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	CONSTRAINT "macro_menu_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "macro_role_menu" (
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "macro_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
ALTER TABLE "macro_role_menu" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenant" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"tenant_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_tenant_id_unique" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "macro_role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	"role_name" text NOT NULL,
	"role_alias" text NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "macro_role_tenant_alias" UNIQUE("tenant_id","role_alias")
);
--> statement-breakpoint
ALTER TABLE "macro_role" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_user_role" (
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "macro_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "macro_user_role" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_user" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dept_id" text DEFAULT '' NOT NULL,
	"dept_name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "macro_user_tenant_account" UNIQUE("tenant_id","account")
);
--> statement-breakpoint
ALTER TABLE "macro_user" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_role_menu" ADD CONSTRAINT "macro_role_menu_role_id_macro_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."macro_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_role_menu" ADD CONSTRAINT "macro_role_menu_menu_id_macro_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."macro_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_user_role" ADD CONSTRAINT "macro_user_role_user_id_macro_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."macro_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_user_role" ADD CONSTRAINT "macro_user_role_role_id_macro_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."macro_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_time" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_session_user" ON "auth_session" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "auth_session_previous" ON "auth_session" USING btree ("previous_hash");--> statement-breakpoint
CREATE INDEX "macro_dict_parent" ON "macro_dict" USING btree ("tenant_id","parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_dict_code" ON "macro_dict" USING btree ("tenant_id","kind","code");--> statement-breakpoint
CREATE INDEX "macro_dict_list" ON "macro_dict" USING btree ("tenant_id","kind","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_dict_parent_code" ON "macro_dict" USING btree ("tenant_id","kind","code") WHERE parent_id = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_dict_sibling_key" ON "macro_dict" USING btree ("tenant_id","kind","parent_id","dict_key") WHERE parent_id <> 0;--> statement-breakpoint
CREATE INDEX "macro_menu_parent" ON "macro_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "macro_user_role_role" ON "macro_user_role" USING btree ("role_id");--> statement-breakpoint
CREATE POLICY "audit_log_tenant_isolation" ON "audit_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_dict_tenant_isolation" ON "macro_dict" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_role_menu_tenant_isolation" ON "macro_role_menu" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_role_tenant_isolation" ON "macro_role" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_user_role_tenant_isolation" ON "macro_user_role" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_user_tenant_isolation" ON "macro_user" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));