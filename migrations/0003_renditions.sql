-- Server-made renditions (issue 9, decision 011): the original's size and which renditions exist.
ALTER TABLE `references` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `references` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `references` ADD `rendition_widths` text;
