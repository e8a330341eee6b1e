-- OHADA companies' documents state their share capital and head office (siège social): kept with
-- the shop's legal identity, printed after the company's name.
ALTER TABLE "shop_legal_identities" ADD COLUMN "share_capital_fcfa" bigint;--> statement-breakpoint
ALTER TABLE "shop_legal_identities" ADD COLUMN "head_office" text;