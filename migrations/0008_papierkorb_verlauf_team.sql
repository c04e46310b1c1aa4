-- Papierkorb, Verlauf and Team (issue 21): deleted items kept as their stored rows for 30 days, a log of staff writes, invitations, and accounts that can be removed (disabled) and show their last sign-in.
CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`username` text NOT NULL,
	`action` text NOT NULL,
	`kind` text NOT NULL,
	`item_id` text,
	`title` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activity_log_at_idx` ON `activity_log` (`at`);--> statement-breakpoint
CREATE INDEX `activity_log_user_idx` ON `activity_log` (`username`,`at`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `trash` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`deleted_at` integer NOT NULL,
	`deleted_by` text NOT NULL,
	`purge_after` integer NOT NULL,
	`payload` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trash_deleted_idx` ON `trash` (`deleted_at`);--> statement-breakpoint
CREATE INDEX `trash_purge_idx` ON `trash` (`purge_after`);--> statement-breakpoint
CREATE TABLE `trashed_pictures` (
	`picture_id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`entry_id` text NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `trash`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trashed_pictures_entry_idx` ON `trashed_pictures` (`entry_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;