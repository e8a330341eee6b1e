-- A till's sale (POST /api/ventes, sales/sale-refs.queries.ts saleRefs) claims its device id and
-- its register in the same statement that reads its references (issue 19: one round trip less).
-- The locks are taken first, then each read below is its own statement, and in a VOLATILE
-- function each statement takes a new snapshot: it sees the copy of the sale, or the register's
-- closing, that the locks waited for (a read in the locking statement itself would not).
--   p_lock_class, p_lock_key: the device id's advisory lock, as lib/once.ts names it;
--   p_register: the register chosen (null: the shop's default), share-locked so that its day
--     cannot be closed until the sale commits (a closing takes it FOR UPDATE);
--   p_closed_from: the first business day whose closing the sale can need.
-- Answers { storedId: the invoice already stored under the id or null, register: { id, libelle,
-- closedDays } or null }.
CREATE FUNCTION sale_claim(p_shop integer, p_lock_class integer, p_lock_key text, p_key text, p_register integer, p_closed_from date)
RETURNS json LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  reg integer;
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock_class, hashtext(p_lock_key));
  SELECT r.id INTO reg FROM cash_registers r
    WHERE r.shop_id = p_shop AND r.deleted_at IS NULL AND CASE WHEN p_register IS NULL THEN r.is_default ELSE r.id = p_register END
    ORDER BY r.id LIMIT 1 FOR SHARE;
  RETURN json_build_object(
    'storedId', (SELECT i.id FROM invoices i WHERE i.shop_id = p_shop AND i.idempotency_key = p_key),
    'register', (SELECT json_build_object('id', r.id, 'libelle', r.libelle, 'closedDays', coalesce((
        SELECT json_agg(to_char(c.business_date, 'YYYY-MM-DD')) FROM cash_closings c
        WHERE c.shop_id = p_shop AND c.cash_register_id = r.id AND c.business_date >= p_closed_from), '[]'::json))
      FROM cash_registers r WHERE r.id = reg));
END;
$$;
