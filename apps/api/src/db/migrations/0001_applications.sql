-- The catalogue of organization applications (spec 001: 1 power guard, 2 indoor air, 3 users).
INSERT INTO "applications" ("application_id", "name") VALUES
  (1, 'Tehovahti'),
  (2, 'Sisäilma'),
  (3, 'Käyttäjät')
ON CONFLICT ("application_id") DO NOTHING;
