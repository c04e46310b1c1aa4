CREATE TABLE `project_pictures` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`position` integer NOT NULL,
	`role` text NOT NULL,
	`reference_id` text,
	`enquiry_photo_id` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_pictures_project_idx` ON `project_pictures` (`project_id`,`position`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`vehicle` text NOT NULL,
	`work` text NOT NULL,
	`material` text NOT NULL,
	`duration` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`enquiry_id` text,
	`show_statement` integer DEFAULT false NOT NULL,
	`cover_picture_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_unique` ON `projects` (`slug`);--> statement-breakpoint
CREATE INDEX `projects_published_idx` ON `projects` (`published`,`published_at`);--> statement-breakpoint
ALTER TABLE `enquiries` ADD `project_id` text;