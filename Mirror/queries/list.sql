-- The JSON of `orders list --limit 0 --format json`, from the mirror.
SELECT coalesce(json_agg(json_build_object('order_id', order_id, 'customer_id', customer_id, 'status', status,
    'currency', currency, 'total', total, 'paid', paid, 'refunded', refunded, 'line_count', line_count,
    'item_count', item_count,
    'placed_at', to_char(placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'version', version) ORDER BY order_id COLLATE "C"), '[]')::text FROM orders;
