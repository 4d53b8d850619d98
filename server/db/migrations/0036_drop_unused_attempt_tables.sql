DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "meeting_sign_in_attempts" CASCADE;