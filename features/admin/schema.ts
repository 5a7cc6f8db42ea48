import { IMAGE_URL_PATTERN } from "@/domain/service/images";
import { ACCOUNT_TEXT_MAX, NAME_PATTERN } from "@/features/accounts/rules";
import { emailAddress } from "@/features/accounts/schema";
import { adminPage } from "@/lib/http/pagination";
import { searchText, z } from "@/lib/zod";

/**
 * Admin forms and queries (spec §5 "User edit": name 3-100 and a valid e-mail up to 100; isAdmin
 * travels as the string 'true' or 'false'). The spec refuses a bad e-mail with the invalid-name
 * message; it is refused as an e-mail here, by the account's own rule, in the form and the API.
 */
export const adminUserInput = z.object({
  name: z
    .string({ error: "Validation.name" })
    .trim()
    .min(3, { error: "Validation.name" })
    .max(ACCOUNT_TEXT_MAX, { error: "Validation.name" })
    .regex(NAME_PATTERN, { error: "Validation.name" })
    .optional(),
  email: emailAddress.optional(),
  image: z
    .string({ error: "Validation.imageType" })
    .regex(IMAGE_URL_PATTERN, { error: "Validation.imageType" })
    .or(z.literal(""))
    .nullable()
    .optional(),
  isAdmin: z.enum(["true", "false"], { error: "Validation.flag" }).optional(),
});
export type AdminUserInput = z.infer<typeof adminUserInput>;

/** ?keyword&page of the admin lists: any text is searched literally. */
export const adminListQuery = z.object({
  keyword: searchText.optional().default(""),
  page: adminPage,
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** PUT /api/etc/admin/feedback/{id}: marks a message read or unread again. */
export const feedbackMarkInput = z.object({ read: z.boolean({ error: "Validation.flag" }) });
