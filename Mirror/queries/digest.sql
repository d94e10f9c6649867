-- The history's digest the mirror holds at its checkpoint, as HEX@SEQ, to prove that the store
-- still holds the history the mirror copied:
--   orders verify --expect "$(psql -h HOST -U USER -d DB -At -f Mirror/queries/digest.sql)"
-- It is the store's digest, committed with the rows it covers: PostgreSQL cannot compute it,
-- since it is defined over the store's encoded events. No row before the mirror holds one.
SELECT digest || '@' || seq FROM mirror_checkpoint WHERE digest IS NOT NULL;
