import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, messageBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import {
  mfaRequiredAnswer,
  ownDataAnswer,
  profileUpdatedAnswer,
  publicUserAnswer,
  recoveryCodesAnswer,
  sessionsEndedAnswer,
  sessionViewAnswer,
  signedInAnswer,
  totpStartedAnswer,
} from "./answers";
import {
  confirmEmailInput,
  deleteAccountInput,
  emailChangeConfirmInput,
  emailRequestInput,
  loginInput,
  passwordResetInput,
  profileInput,
  registerInput,
  resendConfirmationInput,
  secondStepInput,
  totpCodeInput,
  totpDisableInput,
  totpStartInput,
} from "./schema";

/** The account routes under /api/users (sign-up, sign-in, profile, second factor) and next-auth's. */

const tags = ["Accounts"];

export const paths: ZodOpenApiPathsObject = {
  "/api/users": {
    post: {
      tags,
      summary: "Sign up",
      description:
        "Always the same answer in the same time, whether or not the address has an account: a new address gets a confirmation link. `redirect`, the page the sign-up started from (a path on this site; anything else is dropped), rides in the link, and confirming lands there.",
      requestBody: jsonBody(registerInput),
      responses: {
        "201": jsonAnswer("The confirmation link is on its way.", messageBody),
        ...errorAnswers(400, 403, 413, 415, 429),
      },
    },
  },
  "/api/users/confirm-email": {
    post: {
      tags,
      summary: "Confirm the address with the mailed link and sign in",
      requestParams: { query: z.object({ token: z.string().meta({ description: "The token from the mail." }) }) },
      requestBody: jsonBody(confirmEmailInput, "The password chosen at sign-up."),
      responses: {
        "200": jsonAnswer("Confirmed and signed in (the session cookie is set).", publicUserAnswer),
        ...errorAnswers(400, 403, 413, 415, 429),
      },
    },
  },
  "/api/users/resend-confirmation": {
    post: {
      tags,
      summary: "Send the confirmation link again",
      description:
        "`redirect`, the page the sign-up started from (a path on this site; anything else is dropped), rides in the new link as at sign-up.",
      requestBody: jsonBody(resendConfirmationInput),
      responses: {
        "200": jsonAnswer("The same words whatever the address.", messageBody),
        ...errorAnswers(400, 403, 413, 415),
      },
    },
  },
  "/api/users/login": {
    post: {
      tags,
      summary: "Sign in with e-mail and password",
      requestBody: jsonBody(loginInput),
      responses: {
        "200": jsonAnswer(
          "Signed in (the session cookie is set), or, with the second factor on, `mfaRequired` and a challenge cookie for POST /api/users/login/totp.",
          z.union([signedInAnswer, mfaRequiredAnswer]),
        ),
        ...errorAnswers(400, 401, 403, 413, 415, 429),
      },
    },
  },
  "/api/users/login/totp": {
    post: {
      tags,
      summary: "The sign-in's second step: an authenticator code or a recovery code",
      requestBody: jsonBody(secondStepInput),
      responses: {
        "200": jsonAnswer("Signed in, as POST /api/users/login answers.", signedInAnswer),
        ...errorAnswers(400, 401, 403, 413, 415, 429),
      },
    },
  },
  "/api/users/logout": {
    post: {
      tags,
      summary: "Sign out: the session itself ends",
      responses: { "200": jsonAnswer("Signed out; the cookie is cleared.", messageBody), ...errorAnswers(403) },
    },
  },
  "/api/users/password-reset": {
    post: {
      tags,
      summary: "Ask for a password-reset link",
      requestBody: jsonBody(emailRequestInput),
      responses: {
        "202": jsonAnswer("The same words whether or not the address has an account.", messageBody),
        ...errorAnswers(400, 403, 413, 415, 429),
      },
    },
  },
  "/api/users/password-reset/confirm": {
    post: {
      tags,
      summary: "Set a new password with the mailed token",
      description:
        "Every old session ends. Without the second factor this browser is signed in; with it, `mfaRequired`.",
      requestBody: jsonBody(passwordResetInput),
      responses: {
        "200": jsonAnswer(
          "The account; `mfaRequired` when the second factor is on and no session was started.",
          // The wider shape first: a union answers with the first that parses.
          z.union([publicUserAnswer.extend({ mfaRequired: z.literal(true) }), publicUserAnswer]),
        ),
        ...errorAnswers(400, 403, 413, 415, 429),
      },
    },
  },
  "/api/users/profile": {
    get: {
      tags,
      summary: "Who is signed in, for a page served from the page cache",
      responses: {
        "200": jsonAnswer(
          "The viewer, or null (a cookie of an ended session is cleared).",
          z.object({ viewer: sessionViewAnswer.nullable() }),
        ),
        ...errorAnswers(),
      },
    },
    put: {
      tags,
      summary: "Change the profile",
      description: "A new e-mail waits for the link mailed to it; a new password ends every other session.",
      security: SESSION,
      requestBody: jsonBody(profileInput),
      responses: {
        "200": jsonAnswer("The account after the change.", profileUpdatedAnswer),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
    delete: {
      tags,
      summary: "Delete the own account",
      security: SESSION,
      requestBody: jsonBody(deleteAccountInput),
      responses: {
        "200": jsonAnswer("Deleted; signed out.", messageBody),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
  },
  "/api/users/profile/email/confirm": {
    post: {
      tags,
      summary: "Confirm a new e-mail address with the link mailed to it",
      requestBody: jsonBody(emailChangeConfirmInput),
      responses: {
        "200": jsonAnswer("Changed; every session of the account ends.", messageBody),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
  },
  "/api/users/profile/export": {
    get: {
      tags,
      summary: "Everything kept about the viewer, as a JSON file",
      security: SESSION,
      responses: { "200": jsonAnswer("An attachment, maister-account.json.", ownDataAnswer), ...errorAnswers(401) },
    },
  },
  "/api/users/profile/totp": {
    post: {
      tags,
      summary: "Start setting up the second factor",
      security: SESSION,
      requestBody: jsonBody(totpStartInput),
      responses: {
        "200": jsonAnswer("A new secret, not in force until PUT confirms it.", totpStartedAnswer),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
    put: {
      tags,
      summary: "Turn the second factor on with a first code",
      security: SESSION,
      requestBody: jsonBody(totpCodeInput),
      responses: {
        "200": jsonAnswer("On; the recovery codes.", recoveryCodesAnswer),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
    delete: {
      tags,
      summary: "Turn the second factor off",
      security: SESSION,
      requestBody: jsonBody(totpDisableInput),
      responses: { "200": jsonAnswer("Off.", messageBody), ...errorAnswers(400, 401, 403, 409, 413, 415, 429) },
    },
  },
  "/api/users/profile/totp/recovery-codes": {
    post: {
      tags,
      summary: "New recovery codes (the old ones stop working)",
      security: SESSION,
      requestBody: jsonBody(totpCodeInput),
      responses: {
        "200": jsonAnswer("Ten new codes, shown this once.", recoveryCodesAnswer),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
  },
  "/api/users/sessions": {
    delete: {
      tags,
      summary: "Sign out everywhere",
      security: SESSION,
      responses: {
        "200": jsonAnswer("How many sessions ended, this one included.", sessionsEndedAnswer),
        ...errorAnswers(401, 403),
      },
    },
  },
};

/**
 * next-auth's catch-all, /api/auth/[...nextauth]: the site signs in through /api/users/login, and
 * keeps next-auth for clients that speak its protocol. These are the endpoints it answers for the
 * credentials provider; their bodies are next-auth's own (url-encoded forms with its CSRF token).
 */
const nextAuthTags = ["next-auth"];
const nextAuthForm = {
  required: true,
  content: {
    "application/x-www-form-urlencoded": {
      schema: z.looseObject({ csrfToken: z.string(), email: z.string().optional(), password: z.string().optional() }),
    },
  },
};
const redirect = {
  description: "next-auth's redirect (or, with `json=true` in the form, its JSON with the URL).",
  content: { "application/json": { schema: z.object({ url: z.string() }) } },
};

export const nextAuthPaths: ZodOpenApiPathsObject = {
  "/api/auth/csrf": {
    get: {
      tags: nextAuthTags,
      summary: "next-auth's CSRF token for its forms",
      responses: {
        "200": jsonAnswer("The token (and its cookie).", z.object({ csrfToken: z.string() })),
        ...errorAnswers(),
      },
    },
  },
  "/api/auth/session": {
    get: {
      tags: nextAuthTags,
      summary: "next-auth's view of the session",
      responses: {
        "200": jsonAnswer(
          "The signed-in user and expiry, or an empty object for nobody.",
          z.union([
            z.object({
              user: z.looseObject({ name: z.string().nullish(), email: z.string().nullish() }),
              expires: z.string(),
            }),
            z.object({}),
          ]),
        ),
        ...errorAnswers(),
      },
    },
  },
  "/api/auth/providers": {
    get: {
      tags: nextAuthTags,
      summary: "next-auth's sign-in providers (only the credentials one)",
      responses: {
        "200": jsonAnswer("By id.", z.record(z.string(), z.looseObject({ id: z.string() }))),
        ...errorAnswers(),
      },
    },
  },
  "/api/auth/callback/credentials": {
    post: {
      tags: nextAuthTags,
      summary: "Sign in through next-auth with e-mail and password",
      requestBody: nextAuthForm,
      responses: {
        "200": redirect,
        "302": { description: "next-auth's redirect." },
        "401": {
          description: "Refused: next-auth's JSON naming its error page.",
          content: { "application/json": { schema: z.object({ url: z.string() }) } },
        },
        ...errorAnswers(400, 413),
      },
    },
  },
  "/api/auth/signin/credentials": {
    post: {
      tags: nextAuthTags,
      summary: "next-auth's sign-in form action for the credentials provider",
      requestBody: nextAuthForm,
      responses: { "200": redirect, "302": { description: "next-auth's redirect." }, ...errorAnswers(400, 413) },
    },
  },
  "/api/auth/signout": {
    post: {
      tags: nextAuthTags,
      summary: "Sign out through next-auth (the session ends)",
      requestBody: nextAuthForm,
      responses: { "200": redirect, "302": { description: "next-auth's redirect." }, ...errorAnswers(400, 413) },
    },
  },
};
