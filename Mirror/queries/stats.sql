-- The JSON of `orders stats --format json`, from the mirror (with the store's hash chain up to the
-- mirror's checkpoint, as `chain`, when the store keeps one: added last, as the CLI adds it).
SELECT CASE WHEN chain_seq IS NULL THEN base::text
    ELSE left(base::text, -1) || ', "chain" : ' || json_build_object('seq', chain_seq, 'digest', chain_digest)::text || '}'
    END
FROM (SELECT json_build_object('events', events, 'orders', orders, 'customers', customers, 'skus', skus,
    'head_seq', head_seq, 'by_status', json_build_object('placed', placed, 'partially_paid', partially_paid,
    'paid', paid, 'shipped', shipped, 'delivered', delivered, 'cancelled', cancelled),
    'checkpoints', (SELECT json_build_object('orders', seq, 'customers', seq, 'revenue', seq, 'skus', seq,
    'stats', seq) FROM mirror_checkpoint)) AS base, chain_seq, chain_digest
    FROM stats) AS row;
