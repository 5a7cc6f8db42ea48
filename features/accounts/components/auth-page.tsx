import type { ReactNode } from "react";

/** The narrow card the sign-in, sign-up and confirmation pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="auth-title"
      className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h1 id="auth-title" className="mb-6 text-2xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}
