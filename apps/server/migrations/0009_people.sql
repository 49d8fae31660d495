CREATE TABLE "macro_consumer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_consumer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_consumer" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_user_group" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_user_group_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "macro_user_group" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_user_post" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_user_post_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "macro_user_post" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_user_group" ADD CONSTRAINT "macro_user_group_user_id_macro_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."macro_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_user_post" ADD CONSTRAINT "macro_user_post_user_id_macro_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."macro_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_consumer_account" ON "macro_consumer" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_consumer_mobile" ON "macro_consumer" USING btree ("tenant_id","mobile") WHERE mobile <> '';--> statement-breakpoint
CREATE INDEX "macro_consumer_list" ON "macro_consumer" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "macro_user_group_group" ON "macro_user_group" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "macro_user_post_post" ON "macro_user_post" USING btree ("tenant_id","post_id","user_id");--> statement-breakpoint
ALTER TABLE "macro_user" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "macro_user" DROP COLUMN "locked";--> statement-breakpoint
CREATE POLICY "macro_consumer_tenant_isolation" ON "macro_consumer" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_user_group_tenant_isolation" ON "macro_user_group" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_user_post_tenant_isolation" ON "macro_user_post" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));