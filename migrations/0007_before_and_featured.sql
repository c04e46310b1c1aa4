-- Issue 20: staff choose the home page's projects ("Auf der Startseite zeigen", newest mark first) and pair a picture with its "Vorher-Bild".
ALTER TABLE `references` ADD `featured_at` integer;--> statement-breakpoint
ALTER TABLE `references` ADD `before_id` text REFERENCES `references`(`id`) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `references_featured_idx` ON `references` (`featured_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `references_before_unique` ON `references` (`before_id`) WHERE "references"."before_id" is not null;
