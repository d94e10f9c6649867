-- The JSON of `orders stats --format json`, from the mirror.
SELECT json_build_object('events', events, 'orders', orders, 'customers', customers, 'skus', skus,
    'head_seq', head_seq, 'by_status', json_build_object('placed', placed, 'partially_paid', partially_paid,
    'paid', paid, 'shipped', shipped, 'delivered', delivered, 'cancelled', cancelled),
    'checkpoints', (SELECT json_build_object('orders', seq, 'customers', seq, 'revenue', seq, 'skus', seq,
    'stats', seq) FROM mirror_checkpoint))::text
FROM stats;
