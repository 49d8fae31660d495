ALTER TABLE "macro_form_scheme" ADD COLUMN "table_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_form_scheme_table" ON "macro_form_scheme" USING btree ("tenant_id","table_name");--> statement-breakpoint
-- Creates or widens the table of a custom-table form scheme. Requests run as macro_app, which
-- may not create tables; this function runs as the tables' owner and does exactly one thing:
-- the table macro_ct_<scheme> of a custom-table scheme of the caller's tenant, with the same
-- tenant column, row-level security policy and grants as every tenant table, and the given
-- columns (name -> one of the allowed types) added. Columns are never dropped or retyped.
CREATE FUNCTION macro_custom_table_apply(p_scheme integer, p_columns jsonb) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  t text := 'macro_ct_' || p_scheme;
  tenant text := current_setting('app.tenant_id', true);
  c record;
  existing text;
BEGIN
  IF tenant IS NULL OR tenant = '' OR NOT EXISTS (
    SELECT 1 FROM macro_form_scheme WHERE id = p_scheme AND tenant_id = tenant AND table_name IS NOT NULL
  ) THEN
    RAISE EXCEPTION 'not a custom-table scheme of this tenant' USING ERRCODE = '42501';
  END IF;
  EXECUTE format($q$CREATE TABLE IF NOT EXISTS %I (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id text NOT NULL DEFAULT current_setting('app.tenant_id', true),
      form_version integer NOT NULL,
      create_user integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())$q$, t);
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t) THEN
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($q$CREATE POLICY %I ON %I AS PERMISSIVE FOR ALL
      USING (tenant_id = current_setting('app.tenant_id', true))
      WITH CHECK (tenant_id = current_setting('app.tenant_id', true))$q$, t || '_tenant_isolation', t);
    EXECUTE format('CREATE INDEX %I ON %I (tenant_id, created_at, id)', t || '_created', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO macro_app', t);
  END IF;
  FOR c IN SELECT key, value FROM jsonb_each_text(p_columns) LOOP
    IF c.key !~ '^[A-Za-z][A-Za-z0-9_]{0,49}$' OR c.key IN ('id', 'tenant_id', 'form_version', 'create_user', 'created_at', 'updated_at') THEN
      RAISE EXCEPTION 'bad column name %', c.key USING ERRCODE = '22023';
    END IF;
    IF c.value NOT IN ('text', 'numeric', 'bigint', 'boolean', 'date', 'timestamptz', 'jsonb') THEN
      RAISE EXCEPTION 'bad column type %', c.value USING ERRCODE = '22023';
    END IF;
    SELECT format_type(a.atttypid, a.atttypmod) INTO existing
      FROM pg_attribute a WHERE a.attrelid = t::regclass AND a.attname = c.key AND NOT a.attisdropped;
    IF existing IS NULL THEN
      EXECUTE format('ALTER TABLE %I ADD COLUMN %I %s', t, c.key, c.value);
    ELSIF existing <> (CASE c.value WHEN 'timestamptz' THEN 'timestamp with time zone' ELSE c.value END) THEN
      RAISE EXCEPTION 'column % is %', c.key, existing USING ERRCODE = '22023';
    END IF;
  END LOOP;
END
$fn$;
--> statement-breakpoint
-- Drops the (empty) table of a custom-table scheme of the caller's tenant, before the scheme goes.
CREATE FUNCTION macro_custom_table_drop(p_scheme integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  t text := 'macro_ct_' || p_scheme;
  tenant text := current_setting('app.tenant_id', true);
  has_rows boolean;
BEGIN
  IF tenant IS NULL OR tenant = '' OR NOT EXISTS (
    SELECT 1 FROM macro_form_scheme WHERE id = p_scheme AND tenant_id = tenant AND table_name IS NOT NULL
  ) THEN
    RAISE EXCEPTION 'not a custom-table scheme of this tenant' USING ERRCODE = '42501';
  END IF;
  IF to_regclass(t) IS NULL THEN RETURN; END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I)', t) INTO has_rows;
  IF has_rows THEN
    RAISE EXCEPTION 'table % holds rows', t USING ERRCODE = '55006';
  END IF;
  EXECUTE format('DROP TABLE %I', t);
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION macro_custom_table_apply(integer, jsonb) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION macro_custom_table_drop(integer) FROM PUBLIC;
