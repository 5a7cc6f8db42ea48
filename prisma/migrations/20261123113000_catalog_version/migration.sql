-- The catalogue's version (lib/server/catalog-version.ts): bumped after every catalogue write, read
-- by every instance before it answers from its read cache. Called once here so that last_value
-- changes with the first bump (a fresh sequence reports 1 before and after its first nextval).
CREATE SEQUENCE "catalog_version";
SELECT nextval('catalog_version');
