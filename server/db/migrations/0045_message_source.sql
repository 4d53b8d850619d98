ALTER TABLE "messages" ADD COLUMN "source" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
-- messages sent before the column: their link names the module, as messageSourceOf (contract/message.ts) reads it
UPDATE "messages" SET "source" = CASE
  WHEN "link" LIKE '/follow%' OR "link" LIKE '/padflow%' OR "link" LIKE '/myCenter/proxies%' THEN 'flow'
  WHEN "link" LIKE '/email%' THEN 'mail'
  WHEN "link" LIKE '/meeting%' THEN 'meeting'
  WHEN "link" LIKE '/schedule%' THEN 'schedule'
  WHEN "link" LIKE '/news%' THEN 'news'
  ELSE 'system' END;
