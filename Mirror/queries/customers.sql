-- `orders customers --format json`, from the mirror: the same bytes with `psql -At` (which adds
-- the last newline). Money is numeric, so every digit of a sum past 64 bits is printed.
SELECT coalesce(E'[\n  ' || string_agg('{"customer_id":' || to_json(c.customer_id)::text || ',"orders":' || c.orders
    || ',"open_orders":' || c.open_orders || ',"cancelled":' || c.cancelled || ',"net":{'
    || coalesce((SELECT string_agg(to_json(n.currency)::text || ':' || n.net, ',' ORDER BY n.currency COLLATE "C")
                 FROM customer_net n WHERE n.customer_id = c.customer_id), '') || '}}',
    E',\n  ' ORDER BY c.customer_id COLLATE "C") || E'\n]', '[]')
FROM customers c;
