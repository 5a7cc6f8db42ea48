import "server-only";
import { getPrisma } from "@/lib/db/server";

export async function checkDatabase(): Promise<boolean> {
  try {
    const prisma = await getPrisma();
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}
