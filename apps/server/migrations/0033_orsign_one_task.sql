CREATE TABLE "wf_task_candidate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wf_task_candidate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_task_candidate" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "wf_task" ALTER COLUMN "assignee_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wf_task_candidate_task_user" ON "wf_task_candidate" USING btree ("tenant_id","task_id","user_id");--> statement-breakpoint
CREATE INDEX "wf_task_candidate_open" ON "wf_task_candidate" USING btree ("tenant_id","user_id","task_id") WHERE active;--> statement-breakpoint
CREATE POLICY "wf_task_candidate_tenant_isolation" ON "wf_task_candidate" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wf_task_candidates_close() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  UPDATE wf_task_candidate SET active = false WHERE tenant_id = NEW.tenant_id AND task_id = NEW.id AND active;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wf_task_candidates_close AFTER UPDATE OF state, assignee_id ON wf_task FOR EACH ROW
  WHEN (OLD.state = 'open' AND OLD.assignee_id IS NULL AND (NEW.state <> 'open' OR NEW.assignee_id IS NOT NULL))
  EXECUTE FUNCTION wf_task_candidates_close();
--> statement-breakpoint
-- An or-sign node's open task was one row per candidate on one token: each group becomes its
-- first row, whose candidates are everyone the group's rows were for (with their standing
-- deputies); the other rows are cancelled. Row security is lifted on wf_task for the owner
-- while this runs (the server forces it again when it prepares the database).
ALTER TABLE "wf_task" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TEMPORARY TABLE "wf_orsign_group" ON COMMIT DROP AS
  SELECT tenant_id, instance_id, execution_id, min(id) AS keeper, bool_or(touched) AS touched
  FROM "wf_task"
  WHERE state = 'open' AND kind = 'approve'
  GROUP BY tenant_id, instance_id, execution_id
  HAVING count(*) > 1;--> statement-breakpoint
INSERT INTO "wf_task_candidate" (tenant_id, task_id, user_id)
  SELECT DISTINCT g.tenant_id, g.keeper, person.user_id
  FROM "wf_orsign_group" g
  JOIN "wf_task" t ON t.tenant_id = g.tenant_id AND t.instance_id = g.instance_id AND t.execution_id = g.execution_id AND t.state = 'open' AND t.kind = 'approve'
  CROSS JOIN LATERAL (VALUES (t.owner_id), (t.assignee_id)) AS person(user_id)
  WHERE person.user_id IS NOT NULL;--> statement-breakpoint
UPDATE "wf_task" t SET state = 'cancelled', completed_at = now()
  FROM "wf_orsign_group" g
  WHERE t.tenant_id = g.tenant_id AND t.instance_id = g.instance_id AND t.execution_id = g.execution_id AND t.state = 'open' AND t.kind = 'approve' AND t.id <> g.keeper;--> statement-breakpoint
UPDATE "wf_task" t SET assignee_id = NULL, owner_id = NULL, touched = g.touched
  FROM "wf_orsign_group" g
  WHERE t.id = g.keeper;--> statement-breakpoint
ALTER TABLE "wf_task" FORCE ROW LEVEL SECURITY;
