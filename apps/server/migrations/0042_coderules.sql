CREATE TABLE "macro_code_rule_counter" (
	"rule_id" integer NOT NULL,
	"period" text NOT NULL,
	"value" bigint NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_code_rule_counter_tenant_id_rule_id_period_pk" PRIMARY KEY("tenant_id","rule_id","period")
);
--> statement-breakpoint
ALTER TABLE "macro_code_rule_counter" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_code_rule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_code_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parts" jsonb NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_code_rule" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_code_rule_counter" ADD CONSTRAINT "macro_code_rule_counter_rule_id_macro_code_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."macro_code_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_code_rule_code" ON "macro_code_rule" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_code_rule_name" ON "macro_code_rule" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "macro_code_rule_list" ON "macro_code_rule" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE POLICY "macro_code_rule_counter_tenant_isolation" ON "macro_code_rule_counter" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_code_rule_tenant_isolation" ON "macro_code_rule" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));