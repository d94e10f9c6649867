-- `orders stats --format json`, from the mirror: the same bytes with `psql -At` (which adds the
-- last newline), with the store's hash chain up to the mirror's checkpoint as `chain` when the
-- store keeps one.
SELECT '{"events":' || events || ',"orders":' || orders || ',"customers":' || customers || ',"skus":' || skus
    || ',"head_seq":' || head_seq || ',"by_status":{"placed":' || placed || ',"partially_paid":' || partially_paid
    || ',"paid":' || paid || ',"shipped":' || shipped || ',"delivered":' || delivered || ',"cancelled":' || cancelled
    || '},"checkpoints":{"orders":' || c.seq || ',"customers":' || c.seq || ',"revenue":' || c.seq || ',"skus":' || c.seq
    || ',"stats":' || c.seq || '}'
    || coalesce(',"chain":{"seq":' || chain_seq || ',"digest":"' || chain_digest || '"}', '') || '}'
FROM stats, mirror_checkpoint c;
