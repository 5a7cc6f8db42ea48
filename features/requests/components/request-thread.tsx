"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useController, useWatch } from "react-hook-form";

import { postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { ImagesField } from "@/features/uploads/components/images-field";

import type { PostedMessage, ThreadMessageView, ThreadView } from "../answers";
import { THREAD_MAX_IMAGES, THREAD_TEXT_MAX } from "../rules";
import { refreshInboxCount } from "./inbox-count";
import { RequestPhotos } from "./request-bits";

/**
 * The conversation between a request's driver and one service it went to, folded under its title
 * (a request with five services has five, the inbox one per request): opening it loads the thread
 * (which marks the other side's messages read, so the header's count is asked again) and reads it
 * again every 30 s while open. Contacts the other side wrote before this service was chosen read as
 * •••, with a note saying why; one's own messages say that the other side reads them so. The form
 * (text with a character counter, up to three photos through the uploader) shows while the viewer
 * may write; an admin reads only, and a closed thread says since when.
 */

const client = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, gcTime: 5 * 60_000, retry: 1 } },
});

type Props = {
  requestId: string;
  serviceId: string;
  /** The panel's title: "Conversation with Autofix" on the driver's page, "…with the driver" in the inbox. */
  title: string;
  /** The service's name, for the messages it wrote. */
  serviceName: string;
};

export function ThreadPanel(props: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <details
      className="group rounded-xl border border-slate-200 bg-white"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-thread={props.serviceId}
    >
      <summary
        id={`${id}-summary`}
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-2 font-medium text-brand-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <span className="break-words">{props.title}</span>
        <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      {open ? (
        <QueryClientProvider client={client}>
          <Thread {...props} />
        </QueryClientProvider>
      ) : null}
    </details>
  );
}

const threadKey = (requestId: string, serviceId: string) => ["requests", requestId, "thread", serviceId] as const;

function Thread({ requestId, serviceId, serviceName }: Props) {
  const t = useTranslations("RequestThread");
  const locale = useLocale();
  // The newest message this panel has shown (undefined before the first load).
  const seen = useRef<string | null | undefined>(undefined);
  const query = useQuery({
    queryKey: threadKey(requestId, serviceId),
    queryFn: async (): Promise<ThreadView> => {
      const search = new URLSearchParams({ serviceId, lng: locale });
      const response = await fetch(`/api/requests/${requestId}/messages?${search}`, { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      const thread = (await response.json()) as ThreadView;
      // Reading it read the other side's messages: the header's count is asked again, when a
      // message came since the last read (not on every poll of a quiet thread).
      const newest = thread.messages.at(-1)?._id ?? null;
      if (newest !== seen.current) {
        seen.current = newest;
        refreshInboxCount();
      }
      return thread;
    },
    refetchInterval: 30_000,
  });

  if (query.isPending)
    return (
      <p role="status" className="px-4 pb-4 text-sm text-slate-600">
        {t("loading")}
      </p>
    );
  if (query.isError)
    return (
      <div role="alert" className="mx-4 mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm">
        <span className="text-red-800">{t("loadError")}</span>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="min-h-11 rounded-lg border border-red-300 bg-white px-4 font-medium text-red-800 hover:bg-red-100"
        >
          {t("retry")}
        </button>
      </div>
    );
  const thread = query.data;
  return (
    <div className="space-y-4 px-4 pb-4">
      <Messages thread={thread} serviceName={serviceName} />
      <ThreadState thread={thread} />
      {thread.canWrite ? <MessageForm thread={thread} /> : null}
    </div>
  );
}

function Messages({ thread, serviceName }: { thread: ThreadView; serviceName: string }) {
  const t = useTranslations("RequestThread");
  const list = useRef<HTMLOListElement>(null);
  const count = thread.messages.length;
  // The newest message in view when one arrives (the list scrolls within itself).
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);
  if (!count)
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {thread.canWrite ? t("empty") : t("emptyReadOnly")}
      </p>
    );
  return (
    <ol
      ref={list}
      aria-label={t("listLabel")}
      tabIndex={0}
      className="max-h-[28rem] space-y-3 overflow-y-auto rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {thread.messages.map((message) => (
        <li key={message._id} className={`flex ${message.mine ? "justify-end" : "justify-start"}`}>
          <Message message={message} thread={thread} serviceName={serviceName} />
        </li>
      ))}
    </ol>
  );
}

function Message({
  message,
  thread,
  serviceName,
}: {
  message: ThreadMessageView;
  thread: ThreadView;
  serviceName: string;
}) {
  const t = useTranslations("RequestThread");
  const format = useFormatter();
  const author = message.mine ? t("you") : message.side === "driver" ? t("driver") : serviceName;
  const note = !message.contactsHidden
    ? null
    : thread.viewer === "admin"
      ? t("hiddenForAdmin")
      : message.mine
        ? message.side === "driver"
          ? t("hiddenFromService")
          : t("hiddenFromDriver")
        : thread.viewer === "driver"
          ? t("hiddenForDriver")
          : t("hiddenForService");
  return (
    <article
      className={`max-w-[85%] min-w-0 space-y-1 rounded-xl px-3 py-2 text-sm ${
        message.mine ? "bg-brand-50 text-slate-900" : "bg-slate-100 text-slate-900"
      }`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{author}</span>
        <time dateTime={message.createdAt}>
          {format.dateTime(new Date(message.createdAt), {
            dateStyle: "medium",
            timeStyle: "short",
            timeZone: DEFAULT_TIME_ZONE,
          })}
        </time>
      </p>
      <p className="break-words whitespace-pre-line">{message.text}</p>
      <RequestPhotos images={message.images} label={t("photo")} />
      {note ? <p className="text-xs text-amber-900">{note}</p> : null}
    </article>
  );
}

function ThreadState({ thread }: { thread: ThreadView }) {
  const t = useTranslations("RequestThread");
  const format = useFormatter();
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "long", timeZone: DEFAULT_TIME_ZONE });
  let text: string | null = null;
  if (thread.viewer === "admin") text = t("readOnly");
  else if (thread.closed && thread.closesAt) text = t("closed", { date: day(thread.closesAt) });
  else if (!thread.canWrite) text = t("nobody");
  else if (thread.closesAt) text = t("closesOn", { date: day(thread.closesAt) });
  return text ? <p className="text-sm text-slate-600">{text}</p> : null;
}

type Values = { text: string; images: string[] };
const loadSchema = () => import("@/features/requests/schema").then((schemas) => schemas.messageInput);

function MessageForm({ thread }: { thread: ThreadView }) {
  const t = useTranslations("RequestThread");
  const ta = useTranslations("Account");
  const id = useId();
  const queries = useQueryClient();
  const locale = useLocale();
  const { form, busy, failure, error, formProps } = useSchemaForm<Values, unknown>({
    schema: loadSchema,
    defaultValues: { text: "", images: [] },
    request: (values) => ({ serviceId: thread.serviceId, text: values.text, images: values.images }),
    send: async (body) => {
      const posted = await postJson<PostedMessage>(
        `/api/requests/${thread.requestId}/messages?lng=${locale}`,
        body,
        "POST",
        ta("networkError"),
      );
      // Said where it is read, and kept there with the message (its note).
      if (posted.notice) toast.info(posted.notice.message);
      else toast.success(t("sent"));
      queries.setQueryData<ThreadView>(threadKey(thread.requestId, thread.serviceId), (current) =>
        current ? { ...current, messages: [...current.messages, posted.message] } : current,
      );
      form.reset({ text: "", images: [] });
      void queries.invalidateQueries({ queryKey: threadKey(thread.requestId, thread.serviceId) });
    },
  });
  const { register, control } = form;
  const text = useWatch({ control, name: "text" }) ?? "";
  const images = useController({ control, name: "images" });
  const hint = thread.contactsHidden ? (thread.viewer === "driver" ? t("hintDriver") : t("hintService")) : null;
  return (
    <form {...formProps} className="space-y-3 border-t border-slate-200 pt-3">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <Labelled
        id={`${id}-text`}
        label={t("label")}
        error={error("text")}
        hint={[t("counter", { count: text.length, max: THREAD_TEXT_MAX }), hint].filter(Boolean).join(" · ")}
        hintStays
      >
        {(described) => (
          <textarea
            {...described}
            rows={3}
            maxLength={THREAD_TEXT_MAX}
            {...register("text")}
            onKeyDown={(event) => {
              // Ctrl/⌘+Enter sends, as in most messengers; Enter alone is a new line.
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            className={`${FIELD_INPUT} mt-1 w-full`}
          />
        )}
      </Labelled>
      <ImagesField
        value={images.field.value}
        onChange={images.field.onChange}
        error={error("images")}
        max={THREAD_MAX_IMAGES}
        inputId={`${id}-images`}
        ordered={false}
        texts={{
          legend: t("photos"),
          hint: t("photosHint", { max: THREAD_MAX_IMAGES }),
          full: t("photosFull", { max: THREAD_MAX_IMAGES }),
        }}
      />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t("sending") : t("send")}
      </button>
    </form>
  );
}
