import { useMessages, useTranslations, type MessageKeys, type Messages, type NestedKeyOf } from "next-intl";

/** A key of messages/*.json with a text ("Validation.email"), not a namespace. */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/**
 * Whether a key that arrives as data (a zod issue, an API error, a stored audit code) names a
 * message: checked against the messages themselves, so such a key reaches `t()` typed, uncast.
 * In the built app a message with arguments is precompiled (next.config.ts) into an array; a
 * group of messages is a plain object either way.
 */
export function isMessageKey(messages: Messages, key: string): key is MessageKey {
  const value = key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        typeof node === "object" && node !== null && Object.hasOwn(node, part) ? Reflect.get(node, part) : undefined,
      messages,
    );
  return typeof value === "string" || Array.isArray(value);
}

/** For client components: the text of a key that arrives as data; anything else is shown as it is. */
export function useMessageText(): (key: string) => string {
  const t = useTranslations();
  const messages = useMessages();
  return (key) => (isMessageKey(messages, key) ? t(key) : key);
}
