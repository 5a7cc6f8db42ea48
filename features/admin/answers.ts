import { z } from "@/lib/zod";

/**
 * What the admin routes answer (users, the inbox, the security log), as zod schemas: the OpenAPI
 * document (./openapi.ts) describes them, the integration tests check every answer against them,
 * and the server's types come from them.
 */

export const adminUserAnswer = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable().meta({ description: "An upload's path, /api/uploads/{id}." }),
    isAdmin: z.boolean(),
    isBlocked: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AdminUser" });

export const adminUserListAnswer = z.object({
  users: z.array(adminUserAnswer),
  pages: z.number().int().min(0),
  page: z.number().int().min(1),
});

export const userBlockAnswer = z.object({ isBlocked: z.boolean(), message: z.string() });

export const feedbackItemAnswer = z
  .object({
    _id: z.uuid(),
    title: z.string(),
    message: z.string(),
    email: z.string(),
    createdAt: z.iso.datetime(),
    read: z.boolean(),
  })
  .meta({ id: "FeedbackItem" });

export const feedbackListAnswer = z.object({ items: z.array(feedbackItemAnswer), unread: z.number().int().min(0) });

export const feedbackMarkedAnswer = z.object({ read: z.boolean() });

export const failedMailAnswer = z
  .object({
    _id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    attempts: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "FailedMail" });

export const securityEventAnswer = z
  .object({
    _id: z.uuid(),
    at: z.iso.datetime(),
    kind: z.string(),
    userId: z.uuid().nullable(),
    userEmail: z.string().nullable(),
    ip: z.string(),
    userAgent: z.string(),
    requestId: z.string(),
    method: z.string(),
    path: z.string(),
    status: z.number().int().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "SecurityEvent" });

export const securityEventListAnswer = z.object({
  events: z.array(securityEventAnswer),
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
});
