-- A till's online sale (POST /api/ventes, sales/record-sale.service.ts) is written by ONE
-- statement outside any transaction block, its own transaction (issue 19: 3 round trips a sale
-- instead of 6): its stock, number, invoice, lines, movements, payments and document. What the
-- transaction checked under its locks before, that statement checks under its own, and it is
-- refused as a whole (nothing written) when anything is not as its references read; the sale is
-- then recorded, or refused with its exact reason, by the transaction (recordSaleInTransaction).

-- The register the sale's payments go to, share-locked until the statement commits (a closing
-- takes it FOR UPDATE), live, with `p_day` not closed. The closings are read by a statement of
-- their own: in a VOLATILE function it takes a new snapshot, so it sees a closing the lock waited for.
CREATE FUNCTION sale_register_open(p_shop integer, p_register integer, p_day date)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM cash_registers r WHERE r.id = p_register AND r.shop_id = p_shop AND r.deleted_at IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  RETURN NOT EXISTS (SELECT 1 FROM cash_closings c
    WHERE c.shop_id = p_shop AND c.cash_register_id = p_register AND c.business_date = p_day);
END;
$$;
--> statement-breakpoint
-- Refuses the statement that calls it (SQLSTATE BK001, rolled back whole) unless `p_ok` is true.
CREATE FUNCTION sale_write_check(p_ok boolean)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'sale not written: its references changed since they were read' USING ERRCODE = 'BK001';
  END IF;
  RETURN true;
END;
$$;
