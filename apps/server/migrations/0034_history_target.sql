ALTER TABLE "wf_history" ADD COLUMN "target_user_id" bigint;--> statement-breakpoint
-- Hand-overs recorded before this kept their target only as a comment "→ <user id>": moved into
-- the column. Row security is lifted on wf_history for the owner while this runs (the server
-- forces it again when it prepares the database).
ALTER TABLE "wf_history" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "wf_history" SET target_user_id = substring(comment from 3)::bigint, comment = NULL
  WHERE action IN ('transfer', 'delegate', 'assign') AND comment ~ '^→ [0-9]{1,18}$';--> statement-breakpoint
ALTER TABLE "wf_history" FORCE ROW LEVEL SECURITY;
