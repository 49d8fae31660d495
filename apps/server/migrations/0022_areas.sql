CREATE TABLE "macro_area" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text NOT NULL,
	"layer" integer NOT NULL,
	"leaf" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "macro_area_parent" ON "macro_area" USING btree ("parent_code","code");