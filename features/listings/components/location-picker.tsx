"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { PointPickerMap } from "@/components/map/lazy-maps";
import { parsePoint, samePoint, typedPoint } from "@/components/map/map-center";
import { FIELD_INPUT } from "@/components/ui/fields";
import type { LatLng } from "@/domain/service/distance";

type Props = {
  coordinates: LatLng | null;
  address: string;
  onChange: (next: { coordinates: LatLng | null; address: string }) => void;
  disabled?: boolean;
  error?: string;
};

/**
 * Spec §2 "map chooser": a click on the map sets the point and fills the address by reverse
 * geocoding; the typed coordinates are the keyboard way and are the point as they are typed (the
 * lookup is a help, not a step), and the address stays editable because the lookup can fail or be
 * imprecise. Typed parts that are no coordinates reach the form as NaN, so its rule names them.
 */
export function LocationPicker({ coordinates, address, onChange, disabled, error }: Props) {
  const t = useTranslations("ServiceForm");
  const tv = useTranslations("Validation");
  const [lat, setLat] = useState(coordinates ? String(coordinates.lat) : "");
  const [lng, setLng] = useState(coordinates ? String(coordinates.lng) : "");
  const [looking, setLooking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // A point picked on the map (or reset by Cancel) shows in the typed fields too; the point the
  // typed text already means is left as typed ("50,450" stays, not "50.45").
  const [shown, setShown] = useState(coordinates);
  if (shown !== coordinates) {
    setShown(coordinates);
    if (!samePoint(coordinates, typedPoint(lat, lng))) {
      setLat(coordinates ? String(coordinates.lat) : "");
      setLng(coordinates ? String(coordinates.lng) : "");
    }
  }

  function type(nextLat: string, nextLng: string) {
    setLat(nextLat);
    setLng(nextLng);
    setNotice(null);
    onChange({ coordinates: typedPoint(nextLat, nextLng), address });
  }

  async function lookUp(point: LatLng) {
    setLooking(true);
    setNotice(null);
    try {
      const response = await fetch(`/api/geocode/reverse?lat=${point.lat}&lng=${point.lng}`);
      const data = (await response.json().catch(() => null)) as {
        address?: string;
        source?: string;
        message?: string;
      } | null;
      if (!response.ok || !data?.address) throw new Error(data?.message);
      if (data.source === "coordinates") setNotice(t("lookupFailed"));
      onChange({ coordinates: point, address: data.address });
    } catch {
      setNotice(t("lookupFailed"));
      onChange({ coordinates: point, address: address || `${point.lat}, ${point.lng}` });
    } finally {
      setLooking(false);
    }
  }

  function useTyped() {
    const typed = parsePoint(lat, lng);
    if ("point" in typed) void lookUp(typed.point);
    else setNotice(typed.error === "missing" ? t("chooseLocation") : tv(typed.error));
  }

  return (
    <fieldset className="space-y-3 text-sm" disabled={disabled}>
      <legend className="font-medium">{t("location")}</legend>
      <p id="location-hint" className="text-xs text-slate-500">
        {t("locationHint")}
      </p>
      {disabled ? null : (
        <PointPickerMap
          value={
            coordinates && Number.isFinite(coordinates.lat) && Number.isFinite(coordinates.lng) ? coordinates : null
          }
          onPick={(point) => void lookUp(point)}
          label={t("location")}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="block">
          <span className="text-slate-600">{t("latitude")}</span>
          <input
            inputMode="decimal"
            value={lat}
            onChange={(event) => type(event.target.value, lng)}
            aria-describedby={error ? "location-hint location-error" : "location-hint"}
            className={FIELD_INPUT}
          />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("longitude")}</span>
          <input
            inputMode="decimal"
            value={lng}
            onChange={(event) => type(lat, event.target.value)}
            aria-describedby={error ? "location-hint location-error" : "location-hint"}
            className={FIELD_INPUT}
          />
        </label>
        <button
          type="button"
          onClick={useTyped}
          disabled={looking}
          className="rounded-md border border-brand-600 px-3 py-2 font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          {looking ? t("lookingUp") : t("findAddress")}
        </button>
      </div>
      <label className="block">
        <span className="font-medium">{t("address")}</span>
        <input
          name="address"
          value={address}
          maxLength={300}
          onChange={(event) => onChange({ coordinates, address: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "location-error" : undefined}
          className={FIELD_INPUT}
        />
      </label>
      <p aria-live="polite" className="text-xs text-slate-600">
        {/* The form's own error for the same typed text is shown once, under the field. */}
        {looking ? t("lookingUp") : notice === error ? null : notice}
      </p>
      {error ? (
        <span id="location-error" className="block text-xs font-medium text-red-700">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
