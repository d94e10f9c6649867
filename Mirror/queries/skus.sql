-- The JSON of `orders skus --format json`, from the mirror.
SELECT coalesce(json_agg(json_build_object('sku', s.sku, 'units_ordered', s.units_ordered,
    'units_cancelled', s.units_cancelled,
    'revenue', (SELECT coalesce(json_object_agg(r.currency, r.revenue), '{}') FROM sku_revenue r
                WHERE r.sku = s.sku)) ORDER BY s.sku COLLATE "C"), '[]')::text
FROM skus s;
