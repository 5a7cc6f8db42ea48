import { createECDH, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";

import * as adminFeedback from "@/app/api/etc/admin/feedback/[id]/route";
import * as feedback from "@/app/api/etc/feedback/route";
import * as monoInvoice from "@/app/api/etc/mono/invoice/route";
import * as paypalOrders from "@/app/api/etc/paypal/orders/route";
import * as paypalWebhook from "@/app/api/etc/paypal/webhook/route";
import * as claim from "@/app/api/items/[id]/claim/route";
import * as claimVerify from "@/app/api/items/[id]/claim/verify/route";
import * as events from "@/app/api/items/[id]/events/route";
import * as hoursReports from "@/app/api/items/[id]/hours-reports/route";
import * as reply from "@/app/api/items/[id]/reviews/[reviewId]/reply/route";
import * as report from "@/app/api/items/[id]/reviews/[reviewId]/report/route";
import * as reviews from "@/app/api/items/[id]/reviews/route";
import * as adminItem from "@/app/api/items/admin/[id]/route";
import * as adminClaim from "@/app/api/items/admin/claims/[claimId]/route";
import * as osmPlace from "@/app/api/items/admin/osm-places/[id]/route";
import * as moderation from "@/app/api/items/admin/reports/[reviewId]/route";
import * as adminCloseRequest from "@/app/api/items/admin/requests/[id]/close/route";
import * as adminDispute from "@/app/api/items/admin/requests/[id]/dispute/route";
import * as pay from "@/app/api/items/users/[id]/pay/route";
import * as prices from "@/app/api/items/users/[id]/prices/route";
import * as ownItem from "@/app/api/items/users/[id]/route";
import * as specialHours from "@/app/api/items/users/[id]/special-hours/route";
import * as liveStatus from "@/app/api/items/users/[id]/status/route";
import * as mechanics from "@/app/api/items/users/route";
import * as stoOrder from "@/app/api/items/users/sto-order/route";
import * as acceptRequest from "@/app/api/requests/[id]/accept/route";
import * as answerRequest from "@/app/api/requests/[id]/answers/route";
import * as bookingCancel from "@/app/api/requests/[id]/booking/cancel/route";
import * as bookingOtherTimes from "@/app/api/requests/[id]/booking/other-times/route";
import * as booking from "@/app/api/requests/[id]/booking/route";
import * as cancelRequest from "@/app/api/requests/[id]/cancel/route";
import * as jobDone from "@/app/api/requests/[id]/done/route";
import * as jobExtra from "@/app/api/requests/[id]/extras/[extraId]/route";
import * as jobExtras from "@/app/api/requests/[id]/extras/route";
import * as requestMessages from "@/app/api/requests/[id]/messages/route";
import * as requests from "@/app/api/requests/route";
import * as adminUser from "@/app/api/users/[id]/route";
import * as confirmEmail from "@/app/api/users/confirm-email/route";
import * as login from "@/app/api/users/login/route";
import * as loginTotp from "@/app/api/users/login/totp/route";
import * as notificationSettings from "@/app/api/users/notifications/route";
import * as passwordResetConfirm from "@/app/api/users/password-reset/confirm/route";
import * as passwordReset from "@/app/api/users/password-reset/route";
import * as emailChangeConfirm from "@/app/api/users/profile/email/confirm/route";
import * as profile from "@/app/api/users/profile/route";
import * as recoveryCodes from "@/app/api/users/profile/totp/recovery-codes/route";
import * as totp from "@/app/api/users/profile/totp/route";
import * as pushSubscriptions from "@/app/api/users/push-subscriptions/route";
import * as resendConfirmation from "@/app/api/users/resend-confirmation/route";
import * as users from "@/app/api/users/route";
import * as saved from "@/app/api/users/saved/route";
import { PRICE_JOBS } from "@/domain/service/jobs";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import {
  confirmEmailInput,
  deleteAccountInput,
  emailChangeConfirmInput,
  emailRequestInput,
  loginInput,
  passwordResetInput,
  profileInput,
  registerInput,
  secondStepInput,
  totpCodeInput,
  totpDisableInput,
  totpStartInput,
} from "@/features/accounts/schema";
import { adminUserInput, feedbackMarkInput } from "@/features/admin/schema";
import { claimCodeInput, claimDecisionInput, claimInput } from "@/features/claims/schema";
import { feedbackInput } from "@/features/feedback/schema";
import { hoursReportInput, liveStatusInput, specialHoursInput } from "@/features/hours/schema";
import { serviceInput, servicePatch } from "@/features/listings/schema";
import { subscribeInput, unsubscribeInput } from "@/features/notifications/push/schema";
import { settingsInput } from "@/features/notifications/schema";
import { osmLinkInput } from "@/features/osm/link-schema";
import { monoInvoiceInput, payInput, paypalOrderInput, paypalWebhookEvent } from "@/features/payments/schema";
import { priceListInput } from "@/features/prices/schema";
import { bookingCancelInput, confirmInput, otherTimesInput, proposeInput } from "@/features/requests/booking/schema";
import {
  disputeResolutionInput,
  doneInput,
  extraDecisionInput,
  extraInput,
  jobDecisionInput,
} from "@/features/requests/job/schema";
import {
  acceptInput,
  adminCloseInput,
  answerInput,
  cancelInput,
  kyivDay,
  messageInput,
  requestInput,
} from "@/features/requests/schema";
import { moderationInput, replyInput, reportInput, reviewInput } from "@/features/reviews/schema";
import { savedAddInput, savedMergeInput } from "@/features/saved/schema";
import { statEventInput } from "@/features/stats/schema";
import { isMessageKey } from "@/i18n/message-key";
import { MESSAGES } from "@/i18n/messages";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * Every field of every write that takes a JSON body, sent with each wrong JSON type in an
 * otherwise valid body by someone allowed to write: the answer is a 400 naming that field (and
 * only it) with a translated message, and nothing in the database changes. The fields are read
 * from the zod schema the route checks its body with, nested objects and lists included, so a new
 * field, or a coerced one (`z.coerce.number()` takes "5" and true), is tried without touching
 * this file; a new route that reads JSON fails the first test until it is listed here.
 */
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = "admin" | "owner" | "master" | "newcomer" | "reviewer" | "reporter" | "anonymous";
type Route = {
  method: "POST" | "PUT" | "DELETE";
  /** The handler's file under app/, to check every JSON route is listed. */
  file: string;
  handler: Handler;
  path: () => string;
  params?: () => Record<string, string>;
  who: Who;
  schema: ZodType;
  body: () => Record<string, unknown>;
  /** Body keys the route does not take from the body, with the reason. */
  ignored?: string[];
};

const ids = { station: "", draft: "", master: "", review: "", feedback: "", target: "" };
/** A browser's push keys: a P-256 public point and a 16-byte secret, URL-safe base64. */
const PUSH_KEYS = (() => {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  return { p256dh: curve.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
})();
const cookies: Partial<Record<Who, string>> = {};
const nextAddress = addresses("10.77");
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
/** An id nothing has: the request routes check the body before they look anything up. */
const SOME_ID = "01890000-0000-7000-8000-000000000000";
const nextMonth = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A station or master body with every field the form can send. */
const serviceBody = () => ({
  name: "СТО О'Коннор",
  contactPhone1: "067 123 4567",
  contactPhone2: "+380441234567",
  contactMail: "sto@example.com",
  coordinates: { lat: 50.45, lng: 30.6 },
  address: "просп. Броварський, 5, Київ",
  website: "https://sto.example.com",
  facebook: "https://facebook.com/sto",
  instagram: "https://instagram.com/sto",
  viber: "0671234567",
  telegram: "@sto_kyiv",
  paymentMethods: ["cash", "card"],
  cashOnlyInOutage: true,
  image: "",
  images: [],
  description: "Ходова, діагностика",
  category: "cars",
  brand: "Toyota",
  experience: 7.5,
  isOnTheGo: true,
  serviceRadiusKm: 20,
  timetable: DEFAULT_TIMETABLE,
});

const station = () => ({ id: ids.station });
const routes: Route[] = [
  {
    method: "POST",
    file: "items/users/sto-order",
    handler: stoOrder.POST as Handler,
    path: () => "/api/items/users/sto-order",
    who: "owner",
    schema: serviceInput,
    body: serviceBody,
  },
  {
    method: "PUT",
    file: "items/users/sto-order",
    handler: stoOrder.PUT as Handler,
    path: () => "/api/items/users/sto-order",
    who: "owner",
    schema: servicePatch,
    body: () => ({ _id: ids.draft, ...serviceBody() }),
  },
  {
    method: "POST",
    file: "items/users",
    handler: mechanics.POST as Handler,
    path: () => "/api/items/users",
    who: "newcomer",
    schema: serviceInput,
    body: serviceBody,
  },
  {
    method: "PUT",
    file: "items/users/[id]",
    handler: ownItem.PUT as Handler,
    path: () => `/api/items/users/${ids.master}`,
    params: () => ({ id: ids.master }),
    who: "master",
    schema: servicePatch,
    body: () => ({ _id: ids.master, ...serviceBody() }),
    // The service is the one in the path; a body's _id is overwritten with it.
    ignored: ["_id"],
  },
  {
    method: "PUT",
    file: "items/admin/[id]",
    handler: adminItem.PUT as Handler,
    path: () => `/api/items/admin/${ids.station}`,
    params: station,
    who: "admin",
    schema: servicePatch,
    body: () => ({ _id: ids.station, ...serviceBody() }),
    ignored: ["_id"],
  },
  {
    method: "POST",
    file: "items/[id]/reviews",
    handler: reviews.POST as Handler,
    path: () => `/api/items/${ids.station}/reviews`,
    params: station,
    who: "reporter",
    schema: reviewInput,
    body: () => ({
      rating: { quality: 4, speed: 3, price: 5 },
      comment: "Швидко",
      visitCode: "AB12CD",
      paidJob: PRICE_JOBS[0],
      paidUah: 800,
    }),
  },
  ...(["POST", "PUT"] as const).map((method): Route => ({
    method,
    file: "items/[id]/reviews/[reviewId]/reply",
    handler: reply[method] as Handler,
    path: () => `/api/items/${ids.station}/reviews/${ids.review}/reply`,
    params: () => ({ id: ids.station, reviewId: ids.review }),
    who: "owner",
    schema: replyInput,
    body: () => ({ text: "Дякуємо!" }),
  })),
  {
    method: "POST",
    file: "items/[id]/reviews/[reviewId]/report",
    handler: report.POST as Handler,
    path: () => `/api/items/${ids.station}/reviews/${ids.review}/report`,
    params: () => ({ id: ids.station, reviewId: ids.review }),
    who: "reporter",
    schema: reportInput,
    body: () => ({ reason: "other", text: "Це не відгук" }),
  },
  {
    method: "POST",
    file: "items/admin/reports/[reviewId]",
    handler: moderation.POST as Handler,
    path: () => `/api/items/admin/reports/${ids.review}`,
    params: () => ({ reviewId: ids.review }),
    who: "admin",
    schema: moderationInput,
    body: () => ({ action: "hide", reason: "spam" }),
  },
  {
    method: "POST",
    file: "items/[id]/claim",
    handler: claim.POST as Handler,
    path: () => `/api/items/${ids.station}/claim`,
    params: station,
    who: "reviewer",
    schema: claimInput,
    body: () => ({ message: "Я власник цього СТО" }),
  },
  {
    method: "POST",
    file: "items/[id]/claim/verify",
    handler: claimVerify.POST as Handler,
    path: () => `/api/items/${ids.station}/claim/verify`,
    params: station,
    who: "reviewer",
    schema: claimCodeInput,
    body: () => ({ code: "123456" }),
  },
  {
    method: "PUT",
    file: "items/admin/claims/[claimId]",
    handler: adminClaim.PUT as Handler,
    path: () => `/api/items/admin/claims/${ids.station}`,
    params: () => ({ claimId: ids.station }),
    who: "admin",
    schema: claimDecisionInput,
    body: () => ({ decision: "reject", reason: "Немає доказів" }),
  },
  {
    method: "POST",
    file: "requests",
    handler: requests.POST as Handler,
    path: () => "/api/requests",
    who: "reviewer",
    schema: requestInput(new Date()),
    body: () => ({
      serviceIds: [ids.station],
      job: "custom",
      description: "Стукає підвіска спереду",
      car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
      when: { from: nextMonth(2), to: nextMonth(4), partOfDay: "morning" },
      images: [`/api/uploads/${SOME_ID}`],
      near: { lat: 50.45, lng: 30.52 },
    }),
  },
  {
    method: "POST",
    file: "requests/[id]/answers",
    handler: answerRequest.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/answers`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: answerInput(new Date()),
    body: () => ({
      serviceId: ids.station,
      decline: false,
      priceFrom: 800,
      priceTo: 1200,
      earliest: nextMonth(1),
      message: "Приїжджайте зранку",
    }),
  },
  {
    method: "POST",
    file: "requests/[id]/accept",
    handler: acceptRequest.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/accept`,
    params: () => ({ id: SOME_ID }),
    who: "reviewer",
    schema: acceptInput,
    body: () => ({ answerId: SOME_ID }),
  },
  {
    method: "POST",
    file: "requests/[id]/messages",
    handler: requestMessages.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/messages`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: messageInput,
    body: () => ({ serviceId: ids.station, text: "Який у вас двигун?", images: [] }),
  },
  {
    method: "POST",
    file: "requests/[id]/cancel",
    handler: cancelRequest.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/cancel`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: cancelInput,
    body: () => ({ reason: "Немає запчастин", serviceId: ids.station }),
  },
  {
    method: "POST",
    file: "requests/[id]/extras",
    handler: jobExtras.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/extras`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: extraInput,
    body: () => ({ description: "Заміна гальмівних дисків", price: 1200 }),
  },
  {
    method: "PUT",
    file: "requests/[id]/extras/[extraId]",
    handler: jobExtra.PUT as Handler,
    path: () => `/api/requests/${SOME_ID}/extras/${SOME_ID}`,
    params: () => ({ id: SOME_ID, extraId: SOME_ID }),
    who: "reviewer",
    schema: extraDecisionInput,
    body: () => ({ decision: "approve" }),
  },
  {
    method: "POST",
    file: "requests/[id]/done",
    handler: jobDone.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/done`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: doneInput,
    body: () => ({ finalPrice: 1500, note: "Замінили колодки" }),
  },
  {
    method: "PUT",
    file: "requests/[id]/done",
    handler: jobDone.PUT as Handler,
    path: () => `/api/requests/${SOME_ID}/done`,
    params: () => ({ id: SOME_ID }),
    who: "reviewer",
    schema: jobDecisionInput,
    body: () => ({ decision: "dispute", reason: "Гальма досі скрипять" }),
  },
  {
    method: "PUT",
    file: "items/admin/requests/[id]/dispute",
    handler: adminDispute.PUT as Handler,
    path: () => `/api/items/admin/requests/${SOME_ID}/dispute`,
    params: () => ({ id: SOME_ID }),
    who: "admin",
    schema: disputeResolutionInput,
    body: () => ({ outcome: "not_done", note: "Фото не підтверджують роботу" }),
  },
  {
    method: "POST",
    file: "requests/[id]/booking",
    handler: booking.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/booking`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: proposeInput(new Date()),
    body: () => ({ slots: [{ start: `${kyivDay(new Date(), 3)}T10:00`, minutes: 60 }], reason: "Запчастини їдуть" }),
  },
  {
    method: "PUT",
    file: "requests/[id]/booking",
    handler: booking.PUT as Handler,
    path: () => `/api/requests/${SOME_ID}/booking`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: confirmInput,
    body: () => ({ slot: SOME_ID }),
  },
  {
    method: "POST",
    file: "requests/[id]/booking/other-times",
    handler: bookingOtherTimes.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/booking/other-times`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: otherTimesInput,
    body: () => ({ note: "Після 18:00" }),
  },
  {
    method: "POST",
    file: "requests/[id]/booking/cancel",
    handler: bookingCancel.POST as Handler,
    path: () => `/api/requests/${SOME_ID}/booking/cancel`,
    params: () => ({ id: SOME_ID }),
    who: "owner",
    schema: bookingCancelInput,
    body: () => ({ reason: "Змінилися плани" }),
  },
  {
    method: "POST",
    file: "items/admin/requests/[id]/close",
    handler: adminCloseRequest.POST as Handler,
    path: () => `/api/items/admin/requests/${SOME_ID}/close`,
    params: () => ({ id: SOME_ID }),
    who: "admin",
    schema: adminCloseInput,
    body: () => ({ reason: "Спам" }),
  },
  {
    method: "PUT",
    file: "items/admin/osm-places/[id]",
    handler: osmPlace.PUT as Handler,
    path: () => `/api/items/admin/osm-places/${ids.station}`,
    params: station,
    who: "admin",
    schema: osmLinkInput,
    body: () => ({ link: null }),
  },
  {
    method: "POST",
    file: "items/[id]/events",
    handler: events.POST as Handler,
    path: () => `/api/items/${ids.station}/events`,
    params: station,
    who: "anonymous",
    schema: statEventInput,
    body: () => ({ kind: "call" }),
  },
  {
    method: "POST",
    file: "items/[id]/hours-reports",
    handler: hoursReports.POST as Handler,
    path: () => `/api/items/${ids.station}/hours-reports`,
    params: station,
    who: "anonymous",
    schema: hoursReportInput,
    body: () => ({ kind: "wrong_hours" }),
  },
  {
    method: "PUT",
    file: "items/users/[id]/prices",
    handler: prices.PUT as Handler,
    path: () => `/api/items/users/${ids.station}/prices`,
    params: station,
    who: "owner",
    schema: priceListInput,
    body: () => ({ lines: [{ job: PRICE_JOBS[1], label: "", fromUah: 400 }] }),
  },
  {
    method: "PUT",
    file: "items/users/[id]/special-hours",
    handler: specialHours.PUT as Handler,
    path: () => `/api/items/users/${ids.station}/special-hours`,
    params: station,
    who: "owner",
    schema: specialHoursInput,
    body: () => ({
      entries: [
        {
          startsOn: nextMonth(30),
          endsOn: nextMonth(31),
          closed: false,
          opening: "10:00",
          closing: "14:00",
          reason: "Свято",
          holiday: "newYear",
        },
      ],
    }),
  },
  {
    method: "PUT",
    file: "items/users/[id]/status",
    handler: liveStatus.PUT as Handler,
    path: () => `/api/items/users/${ids.station}/status`,
    params: station,
    who: "owner",
    schema: liveStatusInput(new Date()),
    body: () => ({ state: "generator", note: "Працюємо від генератора", until: inAnHour(), hours: 2 }),
  },
  {
    method: "PUT",
    file: "items/users/[id]/pay",
    handler: pay.PUT as Handler,
    path: () => `/api/items/users/${ids.draft}/pay`,
    params: () => ({ id: ids.draft }),
    who: "owner",
    schema: payInput,
    body: () => ({ paymentMethod: "PayPal", orderID: "5O190127TN364715T" }),
  },
  {
    method: "POST",
    file: "etc/paypal/orders",
    handler: paypalOrders.POST as Handler,
    path: () => "/api/etc/paypal/orders",
    who: "owner",
    schema: paypalOrderInput,
    body: () => ({ stoId: ids.draft }),
  },
  {
    method: "POST",
    file: "etc/mono/invoice",
    handler: monoInvoice.POST as Handler,
    path: () => "/api/etc/mono/invoice",
    who: "owner",
    schema: monoInvoiceInput,
    body: () => ({ stoId: ids.draft }),
  },
  {
    method: "POST",
    file: "etc/paypal/webhook",
    handler: paypalWebhook.POST as Handler,
    path: () => "/api/etc/paypal/webhook",
    who: "anonymous",
    schema: paypalWebhookEvent,
    body: () => ({
      id: "WH-1",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: "CAPTURE-1",
        status: "COMPLETED",
        custom_id: ids.draft,
        amount: { value: "3.00", currency_code: "USD" },
        supplementary_data: { related_ids: { order_id: "5O190127TN364715T" } },
        links: [{ rel: "up", href: "https://api.paypal.com/v2/payments/captures/CAPTURE-1" }],
      },
    }),
  },
  {
    method: "POST",
    file: "etc/feedback",
    handler: feedback.POST as Handler,
    path: () => "/api/etc/feedback",
    who: "reviewer",
    schema: feedbackInput,
    body: () => ({ title: "Ідея", message: "Додайте шиномонтаж", email: "driver@example.com" }),
  },
  {
    method: "PUT",
    file: "etc/admin/feedback/[id]",
    handler: adminFeedback.PUT as Handler,
    path: () => `/api/etc/admin/feedback/${ids.feedback}`,
    params: () => ({ id: ids.feedback }),
    who: "admin",
    schema: feedbackMarkInput,
    body: () => ({ read: true }),
  },
  {
    method: "POST",
    file: "users",
    handler: users.POST as Handler,
    path: () => "/api/users",
    who: "anonymous",
    schema: registerInput,
    body: () => ({ name: "Ольга О'Ніл", email: "olga@example.com", password: "Strong1!pass" }),
  },
  {
    method: "POST",
    file: "users/login",
    handler: login.POST as Handler,
    path: () => "/api/users/login",
    who: "anonymous",
    schema: loginInput,
    body: () => ({ email: "olga@example.com", password: "Strong1!pass" }),
  },
  {
    method: "POST",
    file: "users/login/totp",
    handler: loginTotp.POST as Handler,
    path: () => "/api/users/login/totp",
    who: "anonymous",
    schema: secondStepInput,
    body: () => ({ code: "123456", recoveryCode: "abcde-fghij" }),
  },
  {
    method: "POST",
    file: "users/profile/totp",
    handler: totp.POST as Handler,
    path: () => "/api/users/profile/totp",
    who: "reviewer",
    schema: totpStartInput,
    body: () => ({ currentPassword: "Test1234!" }),
  },
  {
    method: "PUT",
    file: "users/profile/totp",
    handler: totp.PUT as Handler,
    path: () => "/api/users/profile/totp",
    who: "reviewer",
    schema: totpCodeInput,
    body: () => ({ code: "123456" }),
  },
  {
    method: "DELETE",
    file: "users/profile/totp",
    handler: totp.DELETE as Handler,
    path: () => "/api/users/profile/totp",
    who: "reviewer",
    schema: totpDisableInput,
    body: () => ({ currentPassword: "Test1234!", code: "123456" }),
  },
  {
    method: "POST",
    file: "users/profile/totp/recovery-codes",
    handler: recoveryCodes.POST as Handler,
    path: () => "/api/users/profile/totp/recovery-codes",
    who: "reviewer",
    schema: totpCodeInput,
    body: () => ({ code: "123456" }),
  },
  {
    method: "POST",
    file: "users/confirm-email",
    handler: confirmEmail.POST as Handler,
    path: () => "/api/users/confirm-email?token=abc",
    who: "anonymous",
    schema: confirmEmailInput,
    body: () => ({ password: "Strong1!pass" }),
  },
  {
    method: "POST",
    file: "users/resend-confirmation",
    handler: resendConfirmation.POST as Handler,
    path: () => "/api/users/resend-confirmation",
    who: "anonymous",
    schema: emailRequestInput,
    body: () => ({ email: "olga@example.com" }),
  },
  {
    method: "POST",
    file: "users/password-reset",
    handler: passwordReset.POST as Handler,
    path: () => "/api/users/password-reset",
    who: "anonymous",
    schema: emailRequestInput,
    body: () => ({ email: "olga@example.com" }),
  },
  {
    method: "POST",
    file: "users/password-reset/confirm",
    handler: passwordResetConfirm.POST as Handler,
    path: () => "/api/users/password-reset/confirm",
    who: "anonymous",
    schema: passwordResetInput,
    body: () => ({ token: "abc", password: "Strong1!pass" }),
  },
  {
    method: "PUT",
    file: "users/profile",
    handler: profile.PUT as Handler,
    path: () => "/api/users/profile",
    who: "reviewer",
    schema: profileInput,
    body: () => ({
      name: "Нове Ім'я",
      email: "new@example.com",
      password: "Strong1!pass",
      currentPassword: "Test1234!",
      image: "",
    }),
  },
  {
    method: "DELETE",
    file: "users/profile",
    handler: profile.DELETE as Handler,
    path: () => "/api/users/profile",
    who: "reviewer",
    schema: deleteAccountInput,
    body: () => ({ currentPassword: "Test1234!" }),
  },
  {
    method: "POST",
    file: "users/saved",
    handler: saved.POST as Handler,
    path: () => "/api/users/saved",
    who: "newcomer",
    schema: savedAddInput,
    body: () => ({ id: ids.station }),
  },
  {
    method: "PUT",
    file: "users/saved",
    handler: saved.PUT as Handler,
    path: () => "/api/users/saved",
    who: "newcomer",
    schema: savedMergeInput,
    body: () => ({ ids: [ids.station] }),
  },
  {
    method: "PUT",
    file: "users/notifications",
    handler: notificationSettings.PUT as Handler,
    path: () => "/api/users/notifications",
    who: "newcomer",
    schema: settingsInput,
    body: () => ({
      channels: { email: true, telegram: true, push: false },
      events: { answer: ["email", "push"] },
      quietHours: { from: "22:00", to: "08:00" },
    }),
  },
  {
    method: "POST",
    file: "users/push-subscriptions",
    handler: pushSubscriptions.POST as Handler,
    path: () => "/api/users/push-subscriptions",
    who: "newcomer",
    schema: subscribeInput(),
    body: () => ({ endpoint: "https://push.example/send/abc", keys: PUSH_KEYS }),
  },
  {
    method: "DELETE",
    file: "users/push-subscriptions",
    handler: pushSubscriptions.DELETE as Handler,
    path: () => "/api/users/push-subscriptions",
    who: "newcomer",
    schema: unsubscribeInput,
    body: () => ({ endpoint: "https://push.example/send/abc" }),
  },
  {
    method: "POST",
    file: "users/profile/email/confirm",
    handler: emailChangeConfirm.POST as Handler,
    path: () => "/api/users/profile/email/confirm",
    who: "anonymous",
    schema: emailChangeConfirmInput,
    body: () => ({ token: "abc" }),
  },
  {
    method: "PUT",
    file: "users/[id]",
    handler: adminUser.PUT as Handler,
    path: () => `/api/users/${ids.target}`,
    params: () => ({ id: ids.target }),
    who: "admin",
    schema: adminUserInput,
    // Spec §7: isAdmin travels as the string 'true' or 'false'; a JSON boolean is a wrong type.
    body: () => ({ name: "Петро П'ятниця", email: "petro@example.com", image: "", isAdmin: "false" }),
  },
];

// ---- what a schema says a field is -------------------------------------------------------------

type Kind = "string" | "number" | "boolean" | "array" | "object";
type Node = { kind: Kind; nullable: boolean; schema: ZodType; shape?: Record<string, ZodType>; element?: ZodType };
type Def = {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  options?: ZodType[];
  shape?: Record<string, ZodType>;
  element?: ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
};
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The JSON type a schema takes, seen through optional, default, nullable and transforms; a union
 * is the option the valid value matches. Anything else (z.any(), z.unknown(), .catch()) takes
 * every type, and fails here rather than slipping through.
 */
function inspect(schema: ZodType, valid: unknown, nullable = false): Node {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
      return inspect(def.innerType!, valid, nullable);
    case "nullable":
      return inspect(def.innerType!, valid, true);
    case "pipe":
      return inspect(def.in!, valid, nullable);
    case "union": {
      const nodes = def.options!.map((option) => inspect(option, valid, nullable));
      const matching = def.options!.findIndex((option) => option.safeParse(valid).success);
      if (nodes.every((node) => node.kind === nodes[0]!.kind && node.kind !== "object"))
        return { ...nodes[0]!, nullable: nodes.some((node) => node.nullable) };
      if (matching >= 0) return nodes[matching]!;
      throw new Error(
        `a union of ${nodes.map((node) => node.kind).join(", ")} that the valid body does not choose from`,
      );
    }
    case "string":
    case "number":
    case "boolean":
      return { kind: def.type, nullable, schema };
    case "enum":
    case "literal": {
      const values = def.values ?? Object.values(def.entries ?? {});
      const kinds = new Set(values.map((value) => typeof value));
      if (kinds.size !== 1) throw new Error(`an enum of ${[...kinds].join(", ")}`);
      return { kind: [...kinds][0] as Kind, nullable, schema };
    }
    case "object":
      return { kind: "object", nullable, schema, shape: def.shape };
    case "array":
      return { kind: "array", nullable, schema, element: def.element };
    default:
      throw new Error(`a field of type ${def.type}, which takes values of any JSON type`);
  }
}

type Field = { path: (string | number)[]; node: Node; valid: unknown };

/** Every field of a body, depth first: an object's keys, and a list's first entry when the valid body has one. */
function fieldsOf(node: Node, valid: unknown, prefix: (string | number)[] = []): Field[] {
  const found: Field[] = [];
  const visit = (path: (string | number)[], schema: ZodType, value: unknown) => {
    const child = inspect(schema, value);
    found.push({ path, node: child, valid: value });
    found.push(...fieldsOf(child, value, path));
  };
  if (node.kind === "object") {
    for (const [key, schema] of Object.entries(node.shape!))
      visit([...prefix, key], schema, (valid as Record<string, unknown> | undefined)?.[key]);
  } else if (node.kind === "array" && Array.isArray(valid) && valid.length > 0) {
    visit([...prefix, 0], node.element!, valid[0]);
  }
  return found;
}

/** The wrong JSON types for a field: a number written as text, text as a number, a flag as text, lists, objects, null. */
function wrongValues({ node, valid }: Field): unknown[] {
  const values: unknown[] = {
    number: [true, String(valid ?? 1), [valid ?? 1], { value: valid ?? 1 }],
    string: [
      typeof valid === "string" && /^-?\d+(\.\d+)?$/.test(valid) ? Number(valid) : 5,
      true,
      [valid ?? "x"],
      { value: valid ?? "x" },
    ],
    boolean: [String(valid ?? true), valid ? 1 : 0, [valid ?? true], { value: valid ?? true }],
    array: [{ 0: Array.isArray(valid) ? valid[0] : "x" }, "x", 5, true],
    object: [[valid ?? {}], "x", 5, true],
  }[node.kind];
  return node.nullable ? values : [...values, null];
}

function withValue(body: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

// ---- nothing written ---------------------------------------------------------------------------

let fingerprintSql = "";
/** Every table's rows, hashed; sign-in throttles and a session's last-seen time may change on any request. */
async function fingerprint(): Promise<string> {
  const prisma = await getPrisma();
  if (!fingerprintSql) {
    const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
         AND table_name NOT IN ('_prisma_migrations', 'throttles') ORDER BY table_name`,
    );
    fingerprintSql = `SELECT ${tables
      .map(
        ({ name }) =>
          `(SELECT md5(coalesce(string_agg(r, '|' ORDER BY r), '')) FROM (SELECT (to_jsonb(x) - 'lastSeenAt')::text AS r FROM "${name}" x) s) AS "${name}"`,
      )
      .join(", ")}`;
  }
  return JSON.stringify(await prisma.$queryRawUnsafe(fingerprintSql));
}

beforeAll(async () => {
  const prisma = await getPrisma();
  const [admin, owner, master, newcomer, reviewer, reporter, target] = await Promise.all(
    ["admin", "owner", "master", "newcomer", "reviewer", "reporter", "target"].map((role) =>
      makeUser({ isAdmin: role === "admin" }),
    ),
  );
  ids.target = target!.id;
  ids.station = (await makeService({ ownerId: owner!.id })).id;
  ids.draft = (await makeService({ ownerId: owner!.id, isPaid: false })).id;
  ids.master = (await makeService({ ownerId: master!.id, role: "mechanic" })).id;
  ids.review = (
    await prisma.review.create({
      data: { userId: reviewer!.id, serviceId: ids.station, quality: 4, speed: 4, price: 4, avg: 4, comment: "Добре" },
    })
  ).id;
  ids.feedback = (
    await prisma.feedback.create({ data: { title: "Карта", message: "Повільно", email: "driver@example.com" } })
  ).id;
  for (const [who, user] of Object.entries({ admin, owner, master, newcomer, reviewer, reporter }))
    cookies[who as Who] = await signIn(user!.email);
});

describe("wrong JSON types in write bodies", () => {
  it("every route that reads a JSON body is listed here", () => {
    const root = path.resolve("app/api");
    const readers = (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[])
      .filter((file) => file.endsWith("route.ts") && readFileSync(path.join(root, file), "utf8").includes("readJson("))
      .map((file) => path.dirname(file).split(path.sep).join("/"));
    expect(readers.length).toBeGreaterThan(20);
    expect(readers.filter((file) => !routes.some((route) => route.file === file))).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.method} /api/${route.file} (as ${route.who}): each field refused with a 400 naming it, nothing written`, async () => {
      const body = route.body();
      expect(route.schema.safeParse(body).error?.issues ?? [], "the valid body is valid").toEqual([]);
      const fields = fieldsOf(inspect(route.schema, body), body).filter(
        ({ path }) => !route.ignored?.includes(String(path[0])),
      );
      expect(fields.length).toBeGreaterThan(0);
      const problems: string[] = [];
      // A body that is no object at all is refused whole, never read as an empty change.
      const start = await fingerprint();
      for (const text of ["null", "[]", '"text"', "5", "true", `[${JSON.stringify(body)}]`]) {
        const request = apiRequest(route.method, route.path(), {
          body: text,
          cookie: cookies[route.who],
          ip: nextAddress(),
        });
        const response = await call(route.handler, request, params(route.params?.() ?? {}));
        if (response.status !== 400) problems.push(`a body of ${text.slice(0, 20)}: answered ${response.status}`);
      }
      if ((await fingerprint()) !== start) problems.push("a body that is no object changed the database");
      for (const field of fields) {
        const name = field.path.join(".");
        const before = await fingerprint();
        for (const value of wrongValues(field)) {
          const request = apiRequest(route.method, route.path(), {
            body: withValue(body, field.path, value),
            cookie: cookies[route.who],
            ip: nextAddress(),
            headers: { "accept-language": "uk" },
          });
          const response = await call(route.handler, request, params(route.params?.() ?? {}));
          const answer = (await response.json().catch(() => ({}))) as {
            key?: string;
            errors?: Record<string, { key: string; message: string }>;
          };
          const error = answer.errors?.[name];
          const sent = `${name} = ${JSON.stringify(value)}`;
          if (response.status !== 400) problems.push(`${sent}: answered ${response.status}`);
          else if (!error)
            problems.push(`${sent}: the 400 names ${JSON.stringify(Object.keys(answer.errors ?? {}))}, not ${name}`);
          else if (Object.keys(answer.errors!).length !== 1)
            problems.push(`${sent}: the 400 names more than the field: ${Object.keys(answer.errors!).join(", ")}`);
          else if (!isMessageKey(MESSAGES.uk, error.key) || !error.message || error.message === error.key)
            problems.push(`${sent}: no translated message (${error.key})`);
        }
        if ((await fingerprint()) !== before) problems.push(`${name}: a refused body changed the database`);
      }
      expect(problems.join("\n")).toBe("");
    });
  }
});
