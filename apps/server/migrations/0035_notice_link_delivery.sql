CREATE TABLE "macro_notice_delivery" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_notice_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_notice_delivery" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "macro_notice_pref" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "macro_notice_pref_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text DEFAULT current_setting('app.tenant_id', true) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_notice_pref" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "macro_notice" ADD COLUMN "link" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_notice" ADD COLUMN "message" jsonb;--> statement-breakpoint
ALTER TABLE "macro_notice_delivery" ADD CONSTRAINT "macro_notice_delivery_notice_id_macro_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."macro_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_notice_delivery_due" ON "macro_notice_delivery" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "macro_notice_delivery_notice" ON "macro_notice_delivery" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "macro_notice_pref_user" ON "macro_notice_pref" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE POLICY "macro_notice_delivery_tenant_isolation" ON "macro_notice_delivery" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "macro_notice_pref_tenant_isolation" ON "macro_notice_pref" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));