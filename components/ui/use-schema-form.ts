"use client";

import { toNestErrors } from "@hookform/resolvers";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMessages, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
} from "react-hook-form";
import type { ZodType } from "zod";

import { ApiError, fieldMessages } from "@/components/ui/api-client";
import { isMessageKey } from "@/i18n/message-key";

import { FORM_MESSAGE, formLevelMessage, messagesByField, refusal } from "./form-errors";

type Options<Values extends FieldValues, Body> = {
  /**
   * Loads the schema the server checks the request with (the feature's schema.ts): pages carry zod only
   * once a form is used (its first focus fetches it; the features' rules.ts files has what they show).
   */
  schema: () => Promise<ZodType<Body>>;
  defaultValues: DefaultValues<Values>;
  /** The request made of the form's values, under the same field names (default: the values). */
  request?: (values: Values) => unknown;
  /** What only the form can check (the password typed twice): a message key by field, or nothing. */
  rules?: (values: Values) => Partial<Record<Path<Values>, string | false>>;
  /** The form's own words for a field, whichever rule refused it. */
  wording?: Partial<Record<Path<Values>, string>>;
  /** A successful send takes the visitor to another page: the form stays disabled until it goes. */
  leavesPage?: boolean;
  /** Shows the form-level message somewhere else than the form's alert (forms that toast). */
  onFailure?: (message: string) => void;
  /** Told the first message of a submit the checks refused (forms that also toast it). */
  onInvalid?: (message: string) => void;
  /**
   * Sends what the schema made of the values. What it throws is shown in the form: an ApiError's
   * field messages next to the fields (the first one focused) and its message, with its key, as
   * the form's message; any other Error's message likewise ("nothing changed").
   */
  send: (request: Body) => Promise<void>;
};

type FormFailure = { message: string; key?: string };
// The form-level error's `type` carries the server's message key; this one says there is none.
const NO_KEY = "form";

/**
 * The one way to build a client form: react-hook-form checking with the same zod schema as the
 * server, message keys shown in the page's language, the server's keyed answer mapped back onto
 * the fields, and the sending state. Spread `formProps` on the <form>.
 */
export function useSchemaForm<Values extends FieldValues, Body>(options: Options<Values, Body>) {
  const t = useTranslations();
  const messages = useMessages();
  const translate = (key: string) => (isMessageKey(messages, key) ? t(key) : t("Validation.invalid"));
  const [sending, setSending] = useState(false);
  const load = options.schema;

  const resolver = async (
    values: Values,
    context: unknown,
    resolverOptions: ResolverOptions<Values>,
  ): Promise<ResolverResult<Values, Body>> => {
    const check = zodResolver((await load()) as ZodType<Body, FieldValues>) as unknown as (
      request: unknown,
      context: unknown,
      options: ResolverOptions<Values>,
    ) => Promise<ResolverResult<Values, Body>>;
    const checked = await check(options.request ? options.request(values) : values, context, resolverOptions);
    const keys = { ...options.rules?.(values), ...messagesByField(checked.errors) };
    const { fields, form } = refusal(keys, {
      shown: (field) => Boolean((resolverOptions.names as string[] | undefined)?.includes(field)),
      wording: options.wording,
      translate,
    });
    if (!form && !Object.keys(fields).length) return checked;
    const flat: Record<string, FieldError> = Object.fromEntries(
      Object.entries(fields).map(([field, message]) => [field, { type: "validation", message }]),
    );
    if (form) flat[FORM_MESSAGE] = { type: NO_KEY, message: form };
    return { values: {}, errors: toNestErrors(flat, resolverOptions) };
  };

  const form = useForm<Values, unknown, Body>({
    defaultValues: options.defaultValues,
    resolver: resolver as Resolver<Values, unknown, Body>,
  });
  const { errors } = form.formState;

  function fail(message: string, key?: string) {
    if (options.onFailure) options.onFailure(message);
    else form.setError(FORM_MESSAGE, { type: key ?? NO_KEY, message });
  }

  async function send(request: Body) {
    setSending(true);
    let sent = false;
    try {
      await options.send(request);
      sent = true;
    } catch (error) {
      const fields = fieldMessages(error);
      Object.entries(fields).forEach(([field, message], index) =>
        form.setError(field as Path<Values>, { type: "server", message }, { shouldFocus: index === 0 }),
      );
      // A field the form has a value for is one it shows, with its message beside it.
      const message = formLevelMessage(
        error instanceof Error ? error.message : String(error),
        fields,
        (field) => get(form.getValues(), field) !== undefined,
      );
      if (message !== null) fail(message, error instanceof ApiError ? error.key : undefined);
    } finally {
      if (!(sent && options.leavesPage)) setSending(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    try {
      await form.handleSubmit(send, (refused) => {
        const first = Object.values(messagesByField(refused))[0];
        if (first) options.onInvalid?.(first);
      })(event);
    } catch {
      // Only loading the schema can throw here: its code could not be fetched (offline since the page loaded).
      fail(translate(navigator.onLine ? "Account.networkError" : "Offline.refused"));
    }
  }

  const failure = errors.root?.server;
  return {
    form,
    busy: sending,
    /** The form-level message and the key of the server's answer (to offer "resend the link" and the like). */
    failure: failure?.message
      ? ({
          message: failure.message,
          key: failure.type === NO_KEY ? undefined : String(failure.type),
        } satisfies FormFailure)
      : null,
    /** A field's message, in words. */
    error: (name: Path<Values>): string | undefined => (get(errors, name) as FieldError | undefined)?.message,
    fail,
    formProps: {
      onSubmit,
      noValidate: true,
      // Fetched at the first focus so that sending does not wait for it.
      onFocus: () => void load().catch(() => undefined),
    },
  };
}
