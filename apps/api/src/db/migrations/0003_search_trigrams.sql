-- Accent-insensitive free-text search of the catalogue: announcements store their folded text and the
-- query is folded the same way; trigrams let `like '%term%'` use an index (PGlite loads pg_trgm too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_live_search_trgm_idx" ON "announcements" USING gin ("search_text" gin_trgm_ops) WHERE status_code = 'AST001';
