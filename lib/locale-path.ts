/** Splits "/ua/profile" into the Ukrainian prefix and the locale-free path the navigation helpers take. */
export function splitLocale(pathname: string): { prefix: "" | "/ua"; path: string } {
  if (!/^\/ua(?=[/?#]|$)/.test(pathname)) return { prefix: "", path: pathname };
  const rest = pathname.slice(3);
  return { prefix: "/ua", path: rest.startsWith("/") ? rest : `/${rest}` };
}
