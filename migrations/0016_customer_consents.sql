CREATE TABLE `customer_consents` (
	`id` text PRIMARY KEY NOT NULL,
	`enquiry_id` text NOT NULL,
	`choice` text NOT NULL,
	`wording` text NOT NULL,
	`statement` text,
	`shown_name` text,
	`given_at` integer NOT NULL,
	`withdrawn_at` integer,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_consents_enquiry_idx` ON `customer_consents` (`enquiry_id`,`choice`,`given_at`);