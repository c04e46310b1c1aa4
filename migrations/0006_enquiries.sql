-- Enquiries with private photos from /anfrage (issue 19): the inbox and the per-address limit; the form token is signed with the site key of 0005.
CREATE TABLE `enquiries` (
	`id` text PRIMARY KEY NOT NULL,
	`year` integer NOT NULL,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`spam_reason` text,
	`topic` text NOT NULL,
	`vehicle` text NOT NULL,
	`description` text NOT NULL,
	`preferred_date` text,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`note` text DEFAULT '' NOT NULL,
	`mail_status` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enquiries_reference_unique` ON `enquiries` (`year`,`number`);--> statement-breakpoint
CREATE INDEX `enquiries_status_created_idx` ON `enquiries` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_updated_idx` ON `enquiries` (`updated_at`);--> statement-breakpoint
CREATE TABLE `enquiry_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`attempted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `enquiry_attempts_address_idx` ON `enquiry_attempts` (`address`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `enquiry_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`enquiry_id` text NOT NULL,
	`position` integer NOT NULL,
	`image_key` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`rendition_widths` text,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enquiry_photos_image_key_unique` ON `enquiry_photos` (`image_key`);--> statement-breakpoint
CREATE INDEX `enquiry_photos_enquiry_idx` ON `enquiry_photos` (`enquiry_id`,`position`);