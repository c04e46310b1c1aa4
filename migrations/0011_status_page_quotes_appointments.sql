CREATE TABLE `appointment_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`enquiry_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`proposed_at` integer NOT NULL,
	`withdrawn_at` integer,
	`chosen_at` integer,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `appointment_slots_enquiry_idx` ON `appointment_slots` (`enquiry_id`);--> statement-breakpoint
CREATE INDEX `appointment_slots_starts_idx` ON `appointment_slots` (`starts_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointment_slots_chosen_unique` ON `appointment_slots` (`enquiry_id`) WHERE "appointment_slots"."chosen_at" is not null and "appointment_slots"."withdrawn_at" is null;--> statement-breakpoint
CREATE TABLE `customer_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`enquiry_id` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_messages_enquiry_idx` ON `customer_messages` (`enquiry_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `customer_notices` (
	`enquiry_id` text NOT NULL,
	`step` text NOT NULL,
	`outcome` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`enquiry_id`, `step`),
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `enquiry_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`enquiry_id` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`items` text NOT NULL,
	`total_gross` integer NOT NULL,
	`vat` integer NOT NULL,
	`valid_until` text NOT NULL,
	`note` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enquiry_quotes_version_unique` ON `enquiry_quotes` (`enquiry_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `enquiry_quotes_accepted_unique` ON `enquiry_quotes` (`enquiry_id`) WHERE "enquiry_quotes"."accepted_at" is not null;--> statement-breakpoint
CREATE TABLE `enquiry_status_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`enquiry_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enquiry_status_links_enquiry_idx` ON `enquiry_status_links` (`enquiry_id`);--> statement-breakpoint
ALTER TABLE `enquiries` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `finished_at` integer;