-- Queries administrators write on the console's own database (a database link of kind 'product')
-- read only views made for them: the approver views of 0031 and these two over the dictionaries
-- (system and business, told apart by `kind`). They run with the invoker's rights, so the tenant
-- policy of macro_dict applies to whoever queries them; the server grants the request role
-- SELECT on every view of the schema when it migrates. No secret column is ever in such a view.
CREATE VIEW read_dicts WITH (security_invoker = true) AS
  SELECT id AS dict_id, kind, code, dict_value AS name, sort, remark FROM macro_dict WHERE parent_id = 0;
--> statement-breakpoint
CREATE VIEW read_dict_items WITH (security_invoker = true) AS
  SELECT id AS item_id, kind, code, parent_id, dict_key, dict_value, sort, is_sealed <> 0 AS sealed, remark
  FROM macro_dict WHERE parent_id <> 0;
