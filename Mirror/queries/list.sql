-- `orders list --limit 0 --format json`, from the mirror: the same bytes with `psql -At` (which
-- adds the last newline).
SELECT coalesce(E'[\n  ' || string_agg('{"order_id":' || to_json(order_id)::text || ',"customer_id":'
    || to_json(customer_id)::text || ',"status":' || to_json(status)::text || ',"currency":' || to_json(currency)::text
    || ',"total":' || total || ',"paid":' || paid || ',"refunded":' || refunded || ',"line_count":' || line_count
    || ',"item_count":' || item_count
    || ',"placed_at":"' || to_char(placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updated_at":"' || to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","version":' || version || '}',
    E',\n  ' ORDER BY order_id COLLATE "C") || E'\n]', '[]')
FROM orders;
