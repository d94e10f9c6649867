-- The JSON of `orders revenue --format json`, from the mirror.
SELECT coalesce(json_agg(json_build_object('date', to_char(date, 'YYYY-MM-DD'), 'currency', currency,
    'orders_placed', orders_placed, 'orders_cancelled', orders_cancelled, 'gross', gross,
    'captured', captured, 'refunded', refunded, 'net', net) ORDER BY date, currency COLLATE "C"), '[]')::text
FROM revenue;
