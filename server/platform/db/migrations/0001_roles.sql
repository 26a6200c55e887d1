-- Reference data every installation needs (product design section 1): lower priority = more privileged.
INSERT INTO "roles" ("id", "name", "priority") VALUES (1, 'admin', 1), (2, 'staff', 5), (3, 'focustar', 10)
  ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('roles', 'id'), (SELECT max("id") FROM "roles"));
