-- The JSON of `orders customers --format json`, from the mirror.
SELECT coalesce(json_agg(json_build_object('customer_id', c.customer_id, 'orders', c.orders,
    'open_orders', c.open_orders, 'cancelled', c.cancelled,
    'net', (SELECT coalesce(json_object_agg(n.currency, n.net), '{}') FROM customer_net n
            WHERE n.customer_id = c.customer_id)) ORDER BY c.customer_id COLLATE "C"), '[]')::text
FROM customers c;
