ALTER TABLE "macro_user_role" DROP CONSTRAINT "macro_user_role_role_id_macro_role_id_fk";
--> statement-breakpoint
ALTER TABLE "macro_user" ALTER COLUMN "dept_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "macro_user" ALTER COLUMN "dept_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ALTER COLUMN "dept_id" SET DATA TYPE integer USING (CASE WHEN "dept_id" ~ '^[0-9]{1,9}$' THEN "dept_id"::integer END);--> statement-breakpoint
ALTER TABLE "macro_role" ADD COLUMN "parent_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_role" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_role" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_role" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "telephone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "wechat" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "qq" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "sex" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "user_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_user" ADD COLUMN "user_ext" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "macro_role_list" ON "macro_role" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "macro_role_parent" ON "macro_role" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "macro_user_dept" ON "macro_user" USING btree ("tenant_id","dept_id","id");