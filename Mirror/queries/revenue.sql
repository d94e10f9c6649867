-- `orders revenue --format json`, from the mirror: the same bytes with `psql -At` (which adds the
-- last newline). Money is numeric, so every digit of a sum past 64 bits is printed.
SELECT coalesce(E'[\n  ' || string_agg('{"date":"' || to_char(date, 'YYYY-MM-DD') || '","currency":'
    || to_json(currency)::text || ',"orders_placed":' || orders_placed || ',"orders_cancelled":' || orders_cancelled
    || ',"gross":' || gross || ',"captured":' || captured || ',"refunded":' || refunded || ',"net":' || net || '}',
    E',\n  ' ORDER BY date, currency COLLATE "C") || E'\n]', '[]')
FROM revenue;
