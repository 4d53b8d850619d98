-- Two bookings of one room may never overlap, however many requests race: the database refuses the second one
-- (exclusion_violation 23P01), which the meeting service answers with a 409 naming the clash. Half-open ranges,
-- so back-to-back meetings fit.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_no_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("start_at", "end_at") WITH &&);
--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_end_after_start" CHECK ("end_at" > "start_at");
