CREATE INDEX "news_views_article_idx" ON "news_views" USING btree ("article_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
-- view_count used to grow on every open; it now counts the distinct readers news_views keeps
UPDATE "news_articles" a SET "view_count" = (SELECT count(*) FROM "news_views" v WHERE v."article_id" = a."id");
