CREATE TABLE "macro_menu_seed" (
	"code" text PRIMARY KEY NOT NULL,
	"parent" text DEFAULT '' NOT NULL,
	"seeded" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_menu" ADD COLUMN "action" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_menu" ADD COLUMN "remark" text DEFAULT '' NOT NULL;