-- CreateTable
CREATE TABLE "map_cells" (
    "zoom" SMALLINT NOT NULL,
    "cy" INTEGER NOT NULL,
    "cx" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "sumLat" DOUBLE PRECISION NOT NULL,
    "sumLng" DOUBLE PRECISION NOT NULL,
    "minId" TEXT NOT NULL,

    CONSTRAINT "map_cells_pkey" PRIMARY KEY ("zoom","cy","cx")
);

-- CreateTable
CREATE TABLE "map_cells_state" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "dirty" BOOLEAN NOT NULL DEFAULT true,
    "rebuiltAt" TIMESTAMP(3),

    CONSTRAINT "map_cells_state_pkey" PRIMARY KEY ("id")
);

-- The flag is set by the statement that changes where services are or whether they are published,
-- in its own transaction: it commits with the change or not at all. A rebuild clears it holding the
-- row, so a writer racing a rebuild waits for it and flags again (lib/server/services/map-grid.ts).
INSERT INTO "map_cells_state" ("id", "dirty") VALUES (1, true);

CREATE FUNCTION "map_cells_flag_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "map_cells_state" SET "dirty" = true WHERE "id" = 1 AND NOT "dirty";
  RETURN NULL;
END
$$;

CREATE TRIGGER "services_map_cells_dirty"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "latitude", "longitude", "isPaid", "isBlocked", "role" ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "map_cells_flag_dirty"();
