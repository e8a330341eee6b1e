-- Roles of seed 000 §3 and plans of DECISIONS §2: reference rows every database needs.
INSERT INTO "roles" ("id", "label") VALUES
  (1, 'ADMIN'), (2, 'DIRECTEUR'), (3, 'GERANT'), (4, 'VENDEUR'), (5, 'CAISSIER'), (6, 'MAGASINIER');
--> statement-breakpoint
INSERT INTO "plans" ("id", "label", "price_fcfa", "shops", "depots", "users") VALUES
  (2, 'Bronze', 15000, 1, 1, 4),
  (3, 'Argent', 60000, 2, 4, 10),
  (4, 'Personaliser', NULL, NULL, NULL, NULL);
