-- The staff uploader no longer sends its own renditions (decision 011): the server makes them all.
-- The files these columns named are removed by the daily orphan sweep, as no record names them now.
ALTER TABLE `references` DROP COLUMN `display_key`;--> statement-breakpoint
ALTER TABLE `references` DROP COLUMN `thumbnail_key`;