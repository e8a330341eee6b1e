-- The weighted average purchase price unrounded (DECISIONS §5, common/stock-cost.ts): a reception
-- corrected or deleted gives back the price it moved, which the average rounded to the franc lost.
-- Null: the price was typed and cost_fcfa is exact.
ALTER TABLE "articles" ADD COLUMN "cost_exact" numeric(30, 12);