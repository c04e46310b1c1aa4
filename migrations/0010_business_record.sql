CREATE TABLE `business` (
	`id` integer PRIMARY KEY NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`portrait_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`portrait_id`) REFERENCES `business_portraits`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `business_portraits` (
	`id` text PRIMARY KEY NOT NULL,
	`image_key` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`rendition_widths` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `business_portraits_image_key_unique` ON `business_portraits` (`image_key`);