CREATE TABLE "tenant_package" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_name" text NOT NULL,
	"menu_ids" integer[] NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_package_package_name_unique" UNIQUE("package_name")
);
--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "linkman" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "contact_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "account_number" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "expire_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant" ADD CONSTRAINT "tenant_package_id_tenant_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tenant_package"("id") ON DELETE no action ON UPDATE no action;