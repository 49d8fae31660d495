CREATE TABLE "wf_cc" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_cc_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"user_id" bigint NOT NULL,
	"from_user_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_cc" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_definition" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_definition_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_definition" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_draft" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_draft_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"definition_key" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_draft" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_execution" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_execution_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"parent_id" integer,
	"node_id" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"arrived_via" text,
	"loop" jsonb,
	"created_by_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_execution" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"node_id" text NOT NULL,
	"node_name" text DEFAULT '' NOT NULL,
	"event" text NOT NULL,
	"action" text,
	"user_id" bigint,
	"comment" text,
	"stamp" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_instance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_instance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"definition_id" integer NOT NULL,
	"business_key" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"starter_id" bigint NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"parent_instance_id" integer,
	"parent_execution_id" integer,
	"deleted_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_instance" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_job" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"execution_id" integer NOT NULL,
	"node_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_job" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_task" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_task_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"execution_id" integer NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"kind" text DEFAULT 'approve' NOT NULL,
	"assignee_id" bigint NOT NULL,
	"owner_id" bigint,
	"state" text DEFAULT 'open' NOT NULL,
	"action" text,
	"comment" text,
	"completed_by" bigint,
	"previous_task_id" integer,
	"created_by_task_id" integer,
	"touched" boolean DEFAULT false NOT NULL,
	"withdrawable" boolean DEFAULT true NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_task" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "wf_variable" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_variable_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" jsonb,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_variable" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "wf_cc_user" ON "wf_cc" USING btree ("tenant_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_definition_key_version" ON "wf_definition" USING btree ("tenant_id","key","version");--> statement-breakpoint
CREATE INDEX "wf_draft_owner" ON "wf_draft" USING btree ("tenant_id","owner_id","id");--> statement-breakpoint
CREATE INDEX "wf_execution_instance" ON "wf_execution" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "wf_history_instance" ON "wf_history" USING btree ("tenant_id","instance_id","id");--> statement-breakpoint
CREATE INDEX "wf_instance_starter" ON "wf_instance" USING btree ("tenant_id","starter_id","id");--> statement-breakpoint
CREATE INDEX "wf_instance_definition" ON "wf_instance" USING btree ("tenant_id","definition_id");--> statement-breakpoint
CREATE INDEX "wf_job_due" ON "wf_job" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "wf_task_todo" ON "wf_task" USING btree ("tenant_id","assignee_id","state","id");--> statement-breakpoint
CREATE INDEX "wf_task_instance" ON "wf_task" USING btree ("tenant_id","instance_id","state");--> statement-breakpoint
CREATE INDEX "wf_task_done" ON "wf_task" USING btree ("tenant_id","completed_by","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_variable_name" ON "wf_variable" USING btree ("tenant_id","instance_id","name");--> statement-breakpoint
CREATE POLICY "wf_cc_tenant_isolation" ON "wf_cc" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_definition_tenant_isolation" ON "wf_definition" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_draft_tenant_isolation" ON "wf_draft" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_execution_tenant_isolation" ON "wf_execution" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_history_tenant_isolation" ON "wf_history" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_instance_tenant_isolation" ON "wf_instance" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_job_tenant_isolation" ON "wf_job" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_task_tenant_isolation" ON "wf_task" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "wf_variable_tenant_isolation" ON "wf_variable" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));