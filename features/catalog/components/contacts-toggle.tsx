"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { mailHref, telHref } from "@/domain/service/outside-links";
import { displayPhone } from "@/lib/phone";

export type Contacts = {
  contactPhone1: string;
  contactPhone2: string;
  website: string;
  facebook: string;
  instagram: string;
  contactMail: string;
};

export function ContactsToggle({ contacts }: { contacts: Contacts }) {
  const t = useTranslations("ServiceDetail");
  const [shown, setShown] = useState(false);
  const id = useId();
  const external = [
    { href: contacts.website, label: t("website") },
    { href: contacts.facebook, label: t("facebook") },
    { href: contacts.instagram, label: t("instagram") },
  ].filter((link) => link.href);
  return (
    <div>
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((value) => !value)}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
      >
        {shown ? t("hideContacts") : t("showContacts")}
      </button>
      <ul id={id} hidden={!shown} className="mt-3 space-y-2">
        {[contacts.contactPhone1, contacts.contactPhone2].filter(Boolean).map((phone) => (
          <li key={phone}>
            <span className="text-slate-500">{t("phone")}: </span>
            <a href={telHref(phone)} className="font-medium text-brand-700 underline">
              {displayPhone(phone)}
            </a>
          </li>
        ))}
        {external.map((link) => (
          <li key={link.label}>
            <span className="text-slate-500">{link.label}: </span>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-medium break-all text-brand-700 underline"
            >
              {link.href}
              <span className="sr-only"> {t("opensInNewTab")}</span>
            </a>
          </li>
        ))}
        <li>
          <span className="text-slate-500">{t("email")}: </span>
          <a href={mailHref(contacts.contactMail)} className="font-medium text-brand-700 underline">
            {contacts.contactMail}
          </a>
        </li>
      </ul>
    </div>
  );
}
