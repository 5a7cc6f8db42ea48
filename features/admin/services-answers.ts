import type { AdminService, listServicesForAdmin } from "@/features/admin/server/admin";
import { messageBody } from "@/lib/http/openapi-common";
import type { SameShape } from "@/lib/same-shape";
import { z } from "@/lib/zod";

/** The answers of the admins' service routes (/api/items/admin…), as the OpenAPI document describes them. */

const AdminServiceAnswer = z
  .object({
    _id: z.guid(),
    user: z.guid().nullable().meta({ description: "The owner's id; null for an imported place nobody has claimed." }),
    userName: z.string().nullable(),
    claimed: z.boolean(),
    name: z.string(),
    contactMail: z.string(),
    image: z.string().nullable(),
    role: z.enum(["sto", "mechanic"]),
    isBlocked: z.boolean(),
    ispaid: z.boolean(),
  })
  .meta({ id: "AdminService" });

export const AdminServicePageAnswer = z
  .object({ stos: z.array(AdminServiceAnswer), page: z.number().int(), pages: z.number().int() })
  .meta({ id: "AdminServicePage" });

export const serviceBlockAnswer = messageBody.extend({ isBlocked: z.boolean() });

export const adminServiceAgrees: SameShape<AdminService, z.infer<typeof AdminServiceAnswer>> = true;
export const adminServicePageAgrees: SameShape<
  Awaited<ReturnType<typeof listServicesForAdmin>>,
  z.infer<typeof AdminServicePageAnswer>
> = true;
