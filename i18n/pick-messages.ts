type Tree = { [key: string]: string | Tree };

/**
 * The part of one namespace's messages that `keys` name ("key" or "group.key"), keeping the nesting,
 * so next-intl in the browser finds each where it looks; anything but a list (`true`: the code asks
 * for keys computed at run time; nothing known) means all of it.
 */
export function pickMessages(messages: Tree, keys: readonly string[] | boolean | undefined): Tree {
  if (!Array.isArray(keys)) return messages;
  const picked: Tree = {};
  for (const key of keys) {
    const parts = key.split(".");
    let value: string | Tree | undefined = messages;
    for (const part of parts) value = typeof value === "object" ? value[part] : undefined;
    if (value === undefined) continue;
    let into = picked;
    for (const part of parts.slice(0, -1)) into = (into[part] as Tree | undefined) ?? (into[part] = {});
    into[parts.at(-1)!] = value;
  }
  return picked;
}
