import { messageBody } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/** The answers of the admins' service routes (/api/items/admin…), as the OpenAPI document describes them. */

const AdminServiceAnswer = z
  .object({
    _id: z.guid(),
    /**
     * The owner's id, as `user` is in every other answer (spec §3); their name is `userName`. Both
     * null for a place imported from OpenStreetMap that nobody has claimed.
     */
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

export type AdminService = z.infer<typeof AdminServiceAnswer>;
export type AdminServicePage = z.infer<typeof AdminServicePageAnswer>;
