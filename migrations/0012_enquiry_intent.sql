ALTER TABLE `enquiries` ADD `damage` text;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `contact_by` text;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `reachable` text;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `reference_picture_id` text;