import { telHref, viberHref } from "@/domain/service/outside-links";

type ContactLink = { serviceId: string; className: string; label: string };

/**
 * Call and Viber, on the cards and the service page alike: one tap dials or opens the chat, and
 * the tap is counted for the owner's statistics (data-track, features/stats/components/track-events.tsx).
 */
export function CallLink({
  phone,
  serviceId,
  className,
  label,
  describedBy,
}: ContactLink & { phone: string; describedBy?: string }) {
  return (
    <a
      href={telHref(phone)}
      aria-describedby={describedBy}
      data-track="call"
      data-track-service={serviceId}
      className={className}
    >
      <span aria-hidden>☎</span> {label}
    </a>
  );
}

/** `label` is what the button says ("Viber"); `name` says whose chat it opens, for screen readers. */
export function ViberLink({
  number,
  serviceId,
  className,
  label,
  name,
}: ContactLink & { number: string; name: string }) {
  return (
    <a
      href={viberHref(number)}
      aria-label={name}
      data-track="messenger"
      data-track-service={serviceId}
      className={className}
    >
      {label}
    </a>
  );
}
