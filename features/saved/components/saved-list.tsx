"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";

import { directionsUrl, mailHref, telHref } from "@/features/catalog/outside-links";
import { Link } from "@/i18n/navigation";
import { displayPhone } from "@/lib/phone";

import { useCart } from "./use-cart";

const subscribeNothing = () => () => {};

export function SavedList() {
  const t = useTranslations("Cart");
  const [cart, dispatch] = useCart();
  // The server cannot see localStorage: render nothing list-like until the browser has read it.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  if (!hydrated) return <div className="mt-6 h-24 animate-pulse rounded-xl bg-slate-200" aria-hidden />;

  if (cart.cartItems.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-6">
        <p className="font-semibold">{t("empty")}</p>
        <Link href="/services" className="mt-3 inline-block font-medium text-brand-700 underline">
          {t("goBack")}
        </Link>
      </div>
    );
  }

  return (
    <ul className="mt-6 space-y-3">
      {cart.cartItems.map((item) => (
        <li
          key={item._id}
          className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
        >
          {item.image ? (
            // eslint-disable-next-line @next/next/no-img-element -- served by our own immutable image route
            <img
              src={item.image}
              alt=""
              width={96}
              height={72}
              className="h-18 w-24 shrink-0 rounded-lg object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1 space-y-1">
            <Link href={`/service/${item._id}`} className="font-semibold text-brand-700 hover:underline">
              {item.name}
            </Link>
            <p className="text-sm">
              <a
                href={directionsUrl(item.coordinates.lat, item.coordinates.lng)}
                target="_blank"
                rel="noopener noreferrer"
                className="text-slate-700 underline"
              >
                {item.address}
              </a>
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm">
              {[item.contactPhone1, item.contactPhone2].filter(Boolean).map((phone) => (
                <a key={phone} href={telHref(phone!)} className="text-brand-700 underline">
                  {displayPhone(phone!)}
                </a>
              ))}
              {item.contactMail ? (
                <a href={mailHref(item.contactMail)} className="text-brand-700 underline">
                  {item.contactMail}
                </a>
              ) : null}
            </p>
          </div>
          <button
            type="button"
            onClick={() => dispatch({ type: "remove", id: item._id })}
            aria-label={t("remove", { name: item.name })}
            className="self-start rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 sm:self-center"
          >
            {t("removeShort")}
          </button>
        </li>
      ))}
    </ul>
  );
}
