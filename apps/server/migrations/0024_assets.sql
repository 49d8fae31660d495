CREATE TABLE "macro_asset" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_asset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asset_code" text NOT NULL,
	"asset_name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"purchase_date" date,
	"dept_id" integer,
	"custodian_id" integer,
	"location" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"create_user" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL,
	CONSTRAINT "macro_asset_status" CHECK ("macro_asset"."status" in ('draft', 'submitted'))
);
--> statement-breakpoint
ALTER TABLE "macro_asset" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "macro_asset_code" ON "macro_asset" USING btree ("tenant_id","asset_code");--> statement-breakpoint
CREATE INDEX "macro_asset_dept" ON "macro_asset" USING btree ("tenant_id","dept_id","id");--> statement-breakpoint
CREATE INDEX "macro_asset_owner" ON "macro_asset" USING btree ("tenant_id","create_user","id");--> statement-breakpoint
CREATE POLICY "macro_asset_tenant_isolation" ON "macro_asset" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));