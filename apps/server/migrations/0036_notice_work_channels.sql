ALTER TABLE "macro_notice_pref" ADD COLUMN "wecom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "macro_notice_pref" ADD COLUMN "dingtalk" boolean DEFAULT false NOT NULL;