-- Second review (issue 18): a signed device cookie keeps a known browser out of an account-wide lock-out, and
-- the site keeps the key that signs its cookies itself, made on first use.
CREATE TABLE `site_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `device` text;