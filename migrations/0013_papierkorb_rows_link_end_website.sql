CREATE TABLE `trash_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` text NOT NULL,
	`table_name` text NOT NULL,
	`value` text NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `trash`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trash_rows_entry_idx` ON `trash_rows` (`entry_id`,`table_name`);--> statement-breakpoint
CREATE TABLE `website_change_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`previous` text NOT NULL,
	`website` text NOT NULL,
	`changed_by` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `website_change_notices_user_idx` ON `website_change_notices` (`user_id`);--> statement-breakpoint
ALTER TABLE `enquiries` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `links_renewed_at` integer;