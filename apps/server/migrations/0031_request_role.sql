-- Approver SQL reads only these views (packages/workflow APPROVER_RELATIONS; columns in
-- docs/workflow.md). They run with the invoker's rights, so the tenant policies of the tables
-- beneath apply to whoever queries them.
CREATE VIEW approver_users WITH (security_invoker = true) AS
  SELECT id AS user_id, account, name, real_name, code, dept_id, status, created_at FROM macro_user;
--> statement-breakpoint
CREATE VIEW approver_user_roles WITH (security_invoker = true) AS
  SELECT user_id, role_id FROM macro_user_role;
--> statement-breakpoint
CREATE VIEW approver_roles WITH (security_invoker = true) AS
  SELECT id AS role_id, parent_id, role_name, role_alias FROM macro_role;
--> statement-breakpoint
CREATE VIEW approver_posts WITH (security_invoker = true) AS
  SELECT id AS post_id, post_code, post_name FROM macro_post;
--> statement-breakpoint
CREATE VIEW approver_user_posts WITH (security_invoker = true) AS
  SELECT user_id, post_id FROM macro_user_post;
--> statement-breakpoint
CREATE VIEW approver_departments WITH (security_invoker = true) AS
  SELECT id AS dept_id, company_id, parent_id, dept_name, dept_code, manager FROM macro_dept;
--> statement-breakpoint
-- Sessions are out of the request role's reach (no grants); requests reach them only through
-- these functions, which run as their owner and touch only what their arguments name.
--
-- The first statement of every request: when the session is live, its user enabled and its
-- confidential client (if any) enabled, scopes the transaction to the session's tenant and user
-- and answers true; otherwise changes nothing and answers false.
CREATE FUNCTION macro_request_begin(p_session text, p_user integer, p_tenant text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM public.auth_session s
    WHERE s.id = p_session AND s.user_id = p_user AND s.tenant_id = p_tenant
      AND s.revoked_at IS NULL AND s.expires_at > now()
      AND EXISTS (SELECT 1 FROM public.macro_user u WHERE u.id = p_user AND u.tenant_id = p_tenant AND u.status = 1)
      AND (s.client_id IS NULL OR EXISTS (SELECT 1 FROM public.macro_oauth_client c WHERE c.client_id = s.client_id AND c.enabled))
  ) THEN
    RETURN false;
  END IF;
  PERFORM set_config('app.tenant_id', p_tenant, true);
  PERFORM set_config('app.user_id', p_user::text, true);
  RETURN true;
END
$fn$;
--> statement-breakpoint
-- Ends the live sessions of the transaction's tenant: all, or one user's but `p_keep`. Answers how many.
CREATE FUNCTION macro_sessions_end(p_user integer, p_keep text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
  ended integer;
BEGIN
  UPDATE public.auth_session SET revoked_at = now()
  WHERE tenant_id = current_setting('app.tenant_id', true) AND revoked_at IS NULL
    AND (p_user IS NULL OR user_id = p_user) AND (p_keep IS NULL OR id <> p_keep);
  GET DIAGNOSTICS ended = ROW_COUNT;
  RETURN ended;
END
$fn$;
--> statement-breakpoint
-- Ends one live session of the transaction's tenant (sign-out). Answers whether it was live.
CREATE FUNCTION macro_session_end(p_session text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  UPDATE public.auth_session SET revoked_at = now()
  WHERE id = p_session AND tenant_id = current_setting('app.tenant_id', true) AND revoked_at IS NULL AND expires_at > now();
  RETURN FOUND;
END
$fn$;
--> statement-breakpoint
-- Rotates a live session of the transaction's tenant to a new refresh token (hash given), keeping
-- the old one as used. Answers whether the session was live.
CREATE FUNCTION macro_session_rotate(p_session text, p_next_hash text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
  current_hash text;
  tenant text := current_setting('app.tenant_id', true);
BEGIN
  SELECT refresh_hash INTO current_hash FROM public.auth_session
  WHERE id = p_session AND tenant_id = tenant AND revoked_at IS NULL AND expires_at > now()
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO public.auth_used_refresh (hash, session_id, tenant_id) VALUES (current_hash, p_session, tenant);
  UPDATE public.auth_session SET refresh_hash = p_next_hash WHERE id = p_session;
  RETURN true;
END
$fn$;
--> statement-breakpoint
-- A definer's search path lists pg_temp last, or a temporary table could stand in for a real one.
ALTER FUNCTION macro_custom_table_apply(integer, jsonb) SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION macro_custom_table_drop(integer) SET search_path = public, pg_temp;
--> statement-breakpoint
REVOKE ALL ON FUNCTION macro_request_begin(text, integer, text), macro_sessions_end(integer, text), macro_session_end(text),
  macro_session_rotate(text, text), macro_custom_table_apply(integer, jsonb), macro_custom_table_drop(integer) FROM PUBLIC;
