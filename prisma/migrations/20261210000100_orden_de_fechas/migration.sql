-- A plan's dates keep the order they were written in where they start at the same time: a
-- programme's "Misa. A continuación, procesión." are two acts at 12:00, the mass first. The
-- position in the list the plan was last written with (0 for dates written one by one).
ALTER TABLE "plan_fecha" ADD COLUMN "orden" smallint NOT NULL DEFAULT 0;
