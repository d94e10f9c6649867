-- `orders stats --format json`, from the mirror: the same bytes with `psql -At` (which adds the
-- last newline), with the history's digest at the mirror's checkpoint as `chain` when it holds one.
SELECT '{"events":' || events || ',"orders":' || orders || ',"customers":' || customers || ',"skus":' || skus
    || ',"head_seq":' || head_seq || ',"by_status":{"placed":' || placed || ',"partially_paid":' || partially_paid
    || ',"paid":' || paid || ',"shipped":' || shipped || ',"delivered":' || delivered || ',"cancelled":' || cancelled
    || '},"checkpoints":{"orders":' || c.seq || ',"customers":' || c.seq || ',"revenue":' || c.seq || ',"skus":' || c.seq
    || ',"stats":' || c.seq || '}' || coalesce(',"chain":{"seq":' || c.seq || ',"digest":"' || c.digest || '"}', '') || '}'
FROM stats, mirror_checkpoint c;
