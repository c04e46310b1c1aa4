-- Workshop content (issue 10): categories with one identity per name, special opening hours,
-- and the home page's picture. Written by hand: merging the twins needs SQL drizzle-kit does not write.

-- Categories: `key` is the name in Unicode NFC and lower case (app/lib/categories.ts, categoryKey).
-- SQLite can neither normalise Unicode nor lower-case beyond ASCII, so the migration composes
-- the decomposed accented Latin letters (e.g. "a" + U+0308 -> "ä") and lower-cases the accented
-- capitals itself, replacement by replacement, from this table.
ALTER TABLE `categories` ADD `key` text NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE TABLE `category_spelling` (`n` integer PRIMARY KEY NOT NULL, `src` text NOT NULL, `dst` text NOT NULL, `lower_only` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `category_spelling` (`n`, `src`, `dst`, `lower_only`) VALUES
  (1, 'a' || char(768), 'à', 0),
  (2, 'a' || char(769), 'á', 0),
  (3, 'a' || char(770), 'â', 0),
  (4, 'a' || char(771), 'ã', 0),
  (5, 'a' || char(776), 'ä', 0),
  (6, 'a' || char(778), 'å', 0),
  (7, 'e' || char(768), 'è', 0),
  (8, 'e' || char(769), 'é', 0),
  (9, 'e' || char(770), 'ê', 0),
  (10, 'e' || char(771), 'ẽ', 0),
  (11, 'e' || char(776), 'ë', 0),
  (12, 'e' || char(807), 'ȩ', 0),
  (13, 'i' || char(768), 'ì', 0),
  (14, 'i' || char(769), 'í', 0),
  (15, 'i' || char(770), 'î', 0),
  (16, 'i' || char(771), 'ĩ', 0),
  (17, 'i' || char(776), 'ï', 0),
  (18, 'o' || char(768), 'ò', 0),
  (19, 'o' || char(769), 'ó', 0),
  (20, 'o' || char(770), 'ô', 0),
  (21, 'o' || char(771), 'õ', 0),
  (22, 'o' || char(776), 'ö', 0),
  (23, 'u' || char(768), 'ù', 0),
  (24, 'u' || char(769), 'ú', 0),
  (25, 'u' || char(770), 'û', 0),
  (26, 'u' || char(771), 'ũ', 0),
  (27, 'u' || char(776), 'ü', 0),
  (28, 'u' || char(778), 'ů', 0),
  (29, 'y' || char(768), 'ỳ', 0),
  (30, 'y' || char(769), 'ý', 0),
  (31, 'y' || char(770), 'ŷ', 0),
  (32, 'y' || char(771), 'ỹ', 0),
  (33, 'y' || char(776), 'ÿ', 0),
  (34, 'y' || char(778), 'ẙ', 0),
  (35, 'c' || char(769), 'ć', 0),
  (36, 'c' || char(770), 'ĉ', 0),
  (37, 'c' || char(807), 'ç', 0),
  (38, 'n' || char(768), 'ǹ', 0),
  (39, 'n' || char(769), 'ń', 0),
  (40, 'n' || char(771), 'ñ', 0),
  (41, 'n' || char(807), 'ņ', 0),
  (42, 'A' || char(768), 'À', 0),
  (43, 'A' || char(769), 'Á', 0),
  (44, 'A' || char(770), 'Â', 0),
  (45, 'A' || char(771), 'Ã', 0),
  (46, 'A' || char(776), 'Ä', 0),
  (47, 'A' || char(778), 'Å', 0),
  (48, 'E' || char(768), 'È', 0),
  (49, 'E' || char(769), 'É', 0),
  (50, 'E' || char(770), 'Ê', 0),
  (51, 'E' || char(771), 'Ẽ', 0),
  (52, 'E' || char(776), 'Ë', 0),
  (53, 'E' || char(807), 'Ȩ', 0),
  (54, 'I' || char(768), 'Ì', 0),
  (55, 'I' || char(769), 'Í', 0),
  (56, 'I' || char(770), 'Î', 0),
  (57, 'I' || char(771), 'Ĩ', 0),
  (58, 'I' || char(776), 'Ï', 0),
  (59, 'O' || char(768), 'Ò', 0),
  (60, 'O' || char(769), 'Ó', 0),
  (61, 'O' || char(770), 'Ô', 0),
  (62, 'O' || char(771), 'Õ', 0),
  (63, 'O' || char(776), 'Ö', 0),
  (64, 'U' || char(768), 'Ù', 0),
  (65, 'U' || char(769), 'Ú', 0),
  (66, 'U' || char(770), 'Û', 0),
  (67, 'U' || char(771), 'Ũ', 0),
  (68, 'U' || char(776), 'Ü', 0),
  (69, 'U' || char(778), 'Ů', 0),
  (70, 'Y' || char(768), 'Ỳ', 0),
  (71, 'Y' || char(769), 'Ý', 0),
  (72, 'Y' || char(770), 'Ŷ', 0),
  (73, 'Y' || char(771), 'Ỹ', 0),
  (74, 'Y' || char(776), 'Ÿ', 0),
  (75, 'C' || char(769), 'Ć', 0),
  (76, 'C' || char(770), 'Ĉ', 0),
  (77, 'C' || char(807), 'Ç', 0),
  (78, 'N' || char(768), 'Ǹ', 0),
  (79, 'N' || char(769), 'Ń', 0),
  (80, 'N' || char(771), 'Ñ', 0),
  (81, 'N' || char(807), 'Ņ', 0),
  (82, 'À', 'à', 1),
  (83, 'Á', 'á', 1),
  (84, 'Â', 'â', 1),
  (85, 'Ã', 'ã', 1),
  (86, 'Ä', 'ä', 1),
  (87, 'Å', 'å', 1),
  (88, 'Æ', 'æ', 1),
  (89, 'Ç', 'ç', 1),
  (90, 'È', 'è', 1),
  (91, 'É', 'é', 1),
  (92, 'Ê', 'ê', 1),
  (93, 'Ë', 'ë', 1),
  (94, 'Ì', 'ì', 1),
  (95, 'Í', 'í', 1),
  (96, 'Î', 'î', 1),
  (97, 'Ï', 'ï', 1),
  (98, 'Ð', 'ð', 1),
  (99, 'Ñ', 'ñ', 1),
  (100, 'Ò', 'ò', 1),
  (101, 'Ó', 'ó', 1),
  (102, 'Ô', 'ô', 1),
  (103, 'Õ', 'õ', 1),
  (104, 'Ö', 'ö', 1),
  (105, 'Ø', 'ø', 1),
  (106, 'Ù', 'ù', 1),
  (107, 'Ú', 'ú', 1),
  (108, 'Û', 'û', 1),
  (109, 'Ü', 'ü', 1),
  (110, 'Ý', 'ý', 1),
  (111, 'Þ', 'þ', 1),
  (112, 'Œ', 'œ', 1),
  (113, 'Š', 'š', 1),
  (114, 'Ž', 'ž', 1),
  (115, 'Ÿ', 'ÿ', 1),
  (116, 'ẞ', 'ß', 1);
--> statement-breakpoint
CREATE TABLE `category_keys` AS
  WITH RECURSIVE `steps`(`id`, `key`, `n`) AS (
    SELECT `id`, lower(trim(`name`)), 0 FROM `categories`
    UNION ALL
    SELECT `steps`.`id`, replace(`steps`.`key`, `m`.`src`, `m`.`dst`), `steps`.`n` + 1
    FROM `steps` JOIN `category_spelling` `m` ON `m`.`n` = `steps`.`n` + 1
  )
  SELECT `id`, `key` FROM `steps` WHERE `n` = (SELECT max(`n`) FROM `category_spelling`);
--> statement-breakpoint
UPDATE `categories` SET `key` = (SELECT `key` FROM `category_keys` WHERE `category_keys`.`id` = `categories`.`id`);
--> statement-breakpoint
-- Twins ("Lenkräder" and "LENKRÄDER", composed and decomposed) merge into the oldest spelling:
-- its pictures gain the twins' links, then the twins go.
INSERT OR IGNORE INTO `reference_categories` (`reference_id`, `category_id`)
  SELECT `rc`.`reference_id`, (SELECT min(`k`.`id`) FROM `categories` `k` WHERE `k`.`key` = `c`.`key`)
  FROM `reference_categories` `rc` JOIN `categories` `c` ON `c`.`id` = `rc`.`category_id`;
--> statement-breakpoint
DELETE FROM `reference_categories` WHERE `category_id` NOT IN (SELECT min(`id`) FROM `categories` GROUP BY `key`);
--> statement-breakpoint
DELETE FROM `categories` WHERE `id` NOT IN (SELECT min(`id`) FROM `categories` GROUP BY `key`);
--> statement-breakpoint
-- The surviving names are stored composed (NFC), as new names are.
CREATE TABLE `category_names` AS
  WITH RECURSIVE `steps`(`id`, `name`, `n`) AS (
    SELECT `id`, trim(`name`), 0 FROM `categories`
    UNION ALL
    SELECT `steps`.`id`, replace(`steps`.`name`, `m`.`src`, `m`.`dst`), `steps`.`n` + 1
    FROM `steps` JOIN `category_spelling` `m` ON `m`.`n` = `steps`.`n` + 1 AND `m`.`lower_only` = 0
  )
  SELECT `id`, `name` FROM `steps` WHERE `n` = (SELECT max(`n`) FROM `category_spelling` WHERE `lower_only` = 0);
--> statement-breakpoint
UPDATE `categories` SET `name` = (SELECT `name` FROM `category_names` WHERE `category_names`.`id` = `categories`.`id`);
--> statement-breakpoint
DROP TABLE `category_names`;
--> statement-breakpoint
DROP TABLE `category_keys`;
--> statement-breakpoint
DROP TABLE `category_spelling`;
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_key_unique` ON `categories` (`key`);
--> statement-breakpoint
CREATE TABLE `special_hours` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`hours` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `special_hours_to_date_idx` ON `special_hours` (`to_date`);
--> statement-breakpoint
ALTER TABLE `references` ADD `cover` integer;
--> statement-breakpoint
CREATE UNIQUE INDEX `references_cover_unique` ON `references` (`cover`) WHERE "references"."cover" = 1;
