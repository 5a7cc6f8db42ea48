"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState, useSyncExternalStore } from "react";

import { useVisitorPoint } from "@/components/map/use-geolocation";
import { CallLink } from "@/domain/service/components/contact-links";
import { distanceKm, shownKm } from "@/domain/service/distance";
import { UPLOADS_PATH } from "@/domain/service/images";
import { directionsUrl, mailHref, telHref } from "@/domain/service/outside-links";
import { hasSignedInHint } from "@/features/accounts/session-cookie";
import type { CartItem } from "@/features/cart/cart";
import { currentCart, dispatchCart, useCart } from "@/features/cart/components/use-cart";
import { OpeningBadge } from "@/features/hours/components/opening-status";
import { badgeStatus } from "@/features/hours/live-status";
import type { SavedList as SavedAnswer, SavedCardView } from "@/features/saved/answers";
import { cartItemOf, deviceIds, SERVICE_ID } from "@/features/saved/rules";
import { variantUrl } from "@/features/uploads/image-sizes";
import { Link } from "@/i18n/navigation";
import { displayPhone } from "@/lib/phone";

import { useSaved } from "./save-toggle";
import { changesPending, readAccountList } from "./saved-account";

const subscribeNothing = () => () => {};

/** The statuses read, and which ids were asked: one asked and not answered is no longer listed. */
type Fresh = { at: string; cards: Map<string, SavedCardView>; asked: Set<string> };

/** Each saved service's status and contacts now: from the account when the list is the account's, else public. */
async function readFresh(ids: string[]): Promise<Fresh> {
  const fromAccount = await readAccountList();
  if (fromAccount) {
    const cards = new Map(fromAccount.items.map((card) => [card._id, card]));
    // A service saved a moment ago whose save is still on its way is not on the account's list yet.
    const rest = changesPending() ? ids.filter((id) => !cards.has(id)) : [];
    const more = rest.length ? await readPublic(rest) : null;
    for (const [id, card] of more?.cards ?? []) cards.set(id, card);
    return { at: fromAccount.at, cards, asked: new Set([...ids, ...cards.keys()]) };
  }
  return readPublic(ids);
}

async function readPublic(ids: string[]): Promise<Fresh> {
  const asked = deviceIds(ids.map((_id) => ({ _id })));
  // What the device holds that is no service's id is asked of nobody: it is shown as gone.
  const unreadable = ids.filter((id) => !SERVICE_ID.test(id));
  if (!asked.length) return { at: new Date().toISOString(), cards: new Map(), asked: new Set(unreadable) };
  const response = await fetch(`/api/items/cards?ids=${asked.join(",")}`);
  if (!response.ok) throw new Error(String(response.status));
  const answer = (await response.json()) as SavedAnswer;
  const cards = new Map(answer.items.map((card) => [card._id, card]));
  // The device keeps the contacts as they are now, for the next time the network is gone.
  const { cartItems } = currentCart();
  const refreshed = cartItems.map((item) => {
    const card = cards.get(item._id);
    return card ? cartItemOf(card) : stripQty(item);
  });
  if (JSON.stringify(refreshed) !== JSON.stringify(cartItems.map(stripQty)))
    dispatchCart({ type: "replace", items: refreshed });
  return { at: answer.at, cards, asked: new Set([...asked, ...unreadable]) };
}

function stripQty(item: CartItem): Omit<CartItem, "qty"> {
  const stored: Partial<CartItem> = { ...item };
  delete stored.qty;
  return stored as Omit<CartItem, "qty">;
}

/**
 * The fresh statuses of the listed ids: read when an id is listed that was not asked yet (the
 * page opened, a sign-in brought the account's list), and again on Retry. While the network is
 * gone the list still shows what the device stored, with a note instead of statuses.
 */
function useFresh(ids: string[]) {
  const [fresh, setFresh] = useState<Fresh | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const missing = ids.filter((id) => !fresh?.asked.has(id)).join(",");
  useEffect(() => {
    if (!missing) return;
    let current = true;
    readFresh(ids)
      .then((read) => {
        if (!current) return;
        setFresh(read);
        setFailedFor(null);
      })
      .catch(() => {
        if (current) setFailedFor(missing);
      });
    return () => {
      current = false;
    };
    // `ids` is read when `missing` changes; a removal alone asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing, attempt]);
  return {
    fresh,
    failed: missing !== "" && failedFor === missing,
    loading: missing !== "" && failedFor !== missing,
    retry: () => {
      setFailedFor(null);
      setAttempt((n) => n + 1);
    },
  };
}

export function SavedList() {
  const t = useTranslations("Cart");
  const [cart] = useCart();
  // The server cannot see localStorage: render nothing list-like until the browser has read it.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const signedIn = useSyncExternalStore(
    subscribeNothing,
    () => hasSignedInHint(document.cookie),
    () => true,
  );
  const ids = cart.cartItems.map((item) => item._id);
  const { fresh, failed, loading, retry } = useFresh(hydrated ? ids : []);
  const visitor = useVisitorPoint();

  if (!hydrated)
    return (
      <div className="mt-6 space-y-3" aria-hidden>
        <div className="h-40 animate-pulse rounded-xl bg-slate-200" />
        <div className="h-40 animate-pulse rounded-xl bg-slate-200" />
      </div>
    );

  const signInNote = signedIn ? null : (
    <p className="mt-4 text-sm text-slate-700">
      {t("signInToKeep")}{" "}
      <Link href="/login?redirect=%2Fcart" className="font-medium text-brand-700 underline">
        {t("signIn")}
      </Link>
    </p>
  );

  if (cart.cartItems.length === 0) {
    return (
      <>
        <div className="mt-6 max-w-3xl rounded-xl border border-brand-100 bg-brand-50 p-6">
          <p className="font-semibold">{t("empty")}</p>
          <Link href="/services" className="mt-3 inline-block font-medium text-brand-700 underline">
            {t("goBack")}
          </Link>
        </div>
        {signInNote}
      </>
    );
  }

  return (
    <>
      <div aria-live="polite" className="mt-4 max-w-3xl text-sm">
        {loading ? <p className="text-slate-600">{t("checking")}</p> : null}
        {failed ? (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-amber-900">
            <p className="flex-1">{t("statusUnavailable")}</p>
            <button
              type="button"
              onClick={retry}
              className="rounded-lg border border-amber-700 px-3 py-2 font-medium hover:bg-amber-100"
            >
              {t("retry")}
            </button>
          </div>
        ) : null}
      </div>
      <ul className="mt-3 max-w-3xl space-y-3" data-saved-list>
        {cart.cartItems.map((item) => (
          <SavedEntry
            key={item._id}
            item={item}
            card={fresh?.cards.get(item._id)}
            gone={Boolean(fresh?.asked.has(item._id) && !fresh.cards.has(item._id))}
            renderedAt={fresh?.at}
            loading={loading && !fresh?.cards.has(item._id)}
            km={visitor ? shownKm(distanceKm(visitor, item.coordinates)) : null}
          />
        ))}
      </ul>
      {signInNote}
    </>
  );
}

const thumbnail = (image: string) => (image.startsWith(UPLOADS_PATH) ? variantUrl(image, 160, "jpeg") : image);

/** One saved service: what the device stored, with its status now when known, a big Call and a Remove with Undo. */
function SavedEntry({
  item,
  card,
  gone,
  renderedAt,
  loading,
  km,
}: {
  item: CartItem;
  card: SavedCardView | undefined;
  gone: boolean;
  renderedAt: string | undefined;
  loading: boolean;
  km: number | null;
}) {
  const t = useTranslations("Cart");
  const { remove } = useSaved(item);
  const headingId = useId();
  const phone1 = card?.contactPhone1 ?? item.contactPhone1 ?? "";
  const phone2 = card?.contactPhone2 ?? item.contactPhone2 ?? "";
  const mail = card?.contactMail ?? item.contactMail ?? "";
  const { lat, lng } = item.coordinates;

  function removeAndMoveFocus(target: HTMLElement) {
    const entry = target.closest("li");
    const next = (entry?.nextElementSibling ?? entry?.previousElementSibling)?.querySelector<HTMLElement>("a");
    remove();
    (next ?? document.getElementById("saved-title"))?.focus();
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-saved-item={item._id}>
      <div className="flex gap-3">
        {item.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by our own immutable image route
          <img
            src={thumbnail(item.image)}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            className="size-20 shrink-0 rounded-lg object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1 space-y-1.5">
          <h2 id={headingId} className="text-base leading-snug font-semibold">
            <Link href={`/service/${item._id}`} className="text-brand-700 hover:underline">
              {item.name}
            </Link>
          </h2>
          <div
            className="flex flex-wrap items-center gap-2 text-xs font-medium"
            data-saved-status={card ? "" : undefined}
          >
            {card && renderedAt ? (
              <OpeningBadge
                status={badgeStatus(card)}
                timeZone={card.timeZone}
                renderedAt={renderedAt}
                className="px-2 py-1"
              />
            ) : loading ? (
              <span className="h-6 w-28 animate-pulse rounded-full bg-slate-200" aria-hidden />
            ) : gone ? (
              <span className="rounded-full bg-slate-100 px-2 py-1 text-slate-700">{t("noLongerListed")}</span>
            ) : null}
            {km !== null ? (
              <span className="rounded-full bg-brand-50 px-2 py-1 text-brand-700">{t("distance", { km })}</span>
            ) : null}
          </div>
          <p className="text-sm">
            <a
              href={directionsUrl(lat, lng)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-slate-700 underline"
            >
              {item.address}
            </a>
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {phone1 ? (
          <CallLink
            phone={phone1}
            serviceId={item._id}
            describedBy={headingId}
            label={`${t("call")} · ${displayPhone(phone1)}`}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-emerald-600 px-5 py-3 text-base font-semibold text-white hover:bg-emerald-700 focus-visible:outline-offset-2 sm:min-w-56"
          />
        ) : null}
        <div className="flex gap-2">
          <a
            href={directionsUrl(lat, lng)}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={headingId}
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t("directions")}
          </a>
          <button
            type="button"
            onClick={(event) => removeAndMoveFocus(event.currentTarget)}
            aria-label={t("remove", { name: item.name })}
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {t("removeShort")}
          </button>
        </div>
      </div>
      {phone2 || mail ? (
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
          {phone2 ? (
            <a href={telHref(phone2)} className="text-brand-700 underline">
              {displayPhone(phone2)}
            </a>
          ) : null}
          {mail ? (
            <a href={mailHref(mail)} className="break-all text-brand-700 underline">
              {mail}
            </a>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}
