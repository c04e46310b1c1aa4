ALTER TABLE `enquiries` ADD `arrived_at` integer;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `collected_at` integer;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `customer_answered_at` integer;