CREATE TABLE `image_deletions` (
	`key` text PRIMARY KEY NOT NULL,
	`requested_at` integer NOT NULL
);
