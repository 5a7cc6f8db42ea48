import NextLink from "next/link";
import "./globals.css";

/** Last-resort 404 for paths outside the locale routes (the translated one is app/[locale]/not-found.tsx). */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="grid min-h-screen place-items-center p-6 text-center">
        <main>
          <h1 className="text-2xl font-semibold">Page not found · Сторінку не знайдено</h1>
          <NextLink className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 text-white" href="/stos">
            Service stations · СТО
          </NextLink>
        </main>
      </body>
    </html>
  );
}
