-- The 10,000,000-item database of docs/server.md, made from a 1,000,000-item one in SQL: every
-- raw item and its search row copied 9 times with new ids (id + k * 1,000,000), so the values keep
-- the generator's distribution and the search rows are exactly what catq-server wrote. Load the
-- 1M database through the service first (`BENCH_DB=catq_s1m npm run bench scale`), then:
--
--   psql -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE catq_s10m TEMPLATE catq_s1m"
--   psql -h 127.0.0.1 -U postgres -d catq_s10m -v ON_ERROR_STOP=1 -f bench/scale-copies.sql
--   BENCH_DB=catq_s10m BENCH_ITEMS=10000000 npm run bench scale
--
-- The indexes are dropped while the rows are copied and built again after (minutes, not hours).
-- Table and column names are those of examples/generate.mjs's catalog (1042; its id column).
\timing on
SET maintenance_work_mem = '1GB';
DROP TABLE IF EXISTS hand;
CREATE TEMP TABLE defs AS SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'catq_search_1042' AND indexname LIKE 'catq\_%' AND indexname NOT LIKE '%\_pkey';
DO $$ DECLARE r record; BEGIN FOR r IN SELECT indexname FROM defs LOOP EXECUTE 'DROP INDEX ' || quote_ident(r.indexname); END LOOP; END $$;
ALTER TABLE catq_search_1042 DROP CONSTRAINT catq_search_1042_pkey;
ALTER TABLE catq_items_1042 DROP CONSTRAINT catq_items_1042_pkey;
DO $$
DECLARE cols text; shifted text;
BEGIN
  SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
         string_agg(CASE WHEN column_name = 'item_key' THEN '(id_num + g * 1000000)::bigint::text'
                         WHEN column_name IN ('id_num', 'id_bd901b04_n') THEN quote_ident(column_name) || ' + g * 1000000'
                         -- The listed form holds the id too, in its Id and its Uri. It is JSON text
                         -- as catq wrote it (`{"Id":…,"Type":"Primary","Uri":"…/<id>"` first: the page
                         -- splices it as it is), so it is edited as text: a jsonb round trip would
                         -- reorder its keys, which catq then refuses as not one of its rows.
                         WHEN column_name LIKE 'listed\_%' THEN format($f$regexp_replace(%I, '^\{"Id":[0-9]+,("Type":"Primary","Uri":"[^"]*/)[0-9]+"', '{"Id":' || (id_num + g * 1000000)::bigint || ',\1' || (id_num + g * 1000000)::bigint || '"')$f$, column_name)
                         ELSE quote_ident(column_name) END, ', ' ORDER BY ordinal_position)
    INTO cols, shifted
    FROM information_schema.columns WHERE table_name = 'catq_search_1042';
  EXECUTE format('INSERT INTO catq_search_1042 (%s) SELECT %s FROM catq_search_1042, generate_series(1, 9) g', cols, shifted);
END $$;
INSERT INTO catq_items_1042 (id_key, data) SELECT ((data ->> 'id')::bigint + g * 1000000)::text, jsonb_set(data, '{id}', to_jsonb((data ->> 'id')::bigint + g * 1000000)) FROM catq_items_1042, generate_series(1, 9) g;
ALTER TABLE catq_items_1042 ADD CONSTRAINT catq_items_1042_pkey PRIMARY KEY (id_key);
ALTER TABLE catq_search_1042 ADD CONSTRAINT catq_search_1042_pkey PRIMARY KEY (item_key);
DO $$ DECLARE r record; BEGIN FOR r IN SELECT indexdef FROM defs LOOP EXECUTE r.indexdef; END LOOP; END $$;
VACUUM ANALYZE catq_search_1042;
VACUUM ANALYZE catq_items_1042;
SELECT count(*) FROM catq_items_1042;
