-- CreateTable
CREATE TABLE "outside_call_slots" (
    "name" VARCHAR(40) NOT NULL,
    "nextAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "outside_call_slots_pkey" PRIMARY KEY ("name")
);
