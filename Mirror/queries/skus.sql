-- `orders skus --format json`, from the mirror: the same bytes with `psql -At` (which adds the
-- last newline). Money is numeric, so every digit of a sum past 64 bits is printed.
SELECT coalesce(E'[\n  ' || string_agg('{"sku":' || to_json(s.sku)::text || ',"units_ordered":' || s.units_ordered
    || ',"units_cancelled":' || s.units_cancelled || ',"revenue":{'
    || coalesce((SELECT string_agg(to_json(r.currency)::text || ':' || r.revenue, ',' ORDER BY r.currency COLLATE "C")
                 FROM sku_revenue r WHERE r.sku = s.sku), '') || '}}',
    E',\n  ' ORDER BY s.sku COLLATE "C") || E'\n]', '[]')
FROM skus s;
