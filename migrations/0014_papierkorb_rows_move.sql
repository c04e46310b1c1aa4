-- Issue 37, data of 0013 (written by hand, keep it after the schema's migration): the Papierkorb's
-- rows leave the one JSON value per entry, which D1 limits to 2 MB, for a row each; `payload` keeps
-- the facts beside them. Jobs closed before `closed_at` existed count as closed at their last change.
INSERT INTO `trash_rows` (`entry_id`, `table_name`, `value`)
SELECT `trash`.`id`, `tables`.`key`, `copied`.`value`
FROM `trash`, json_each(`trash`.`payload`) AS `tables`, json_each(`tables`.`value`) AS `copied`
WHERE `tables`.`type` = 'array'
ORDER BY `trash`.`id`, `tables`.`id`, `copied`.`id`;
--> statement-breakpoint
UPDATE `trash` SET `payload` = (SELECT json_group_object(`key`, `value`) FROM json_each(`trash`.`payload`) WHERE `type` <> 'array');
--> statement-breakpoint
UPDATE `enquiries` SET `closed_at` = `updated_at` WHERE `status` = 'erledigt';
