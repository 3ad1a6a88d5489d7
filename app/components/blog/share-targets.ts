/**
 * docs/product/blog.md "Sharing": share targets twitter, facebook, linkedin, whatsapp, email (copy
 * link is a button).
 */
export interface ShareTarget {
  id: "twitter" | "facebook" | "linkedin" | "whatsapp" | "email";
  label: string;
  href: string;
}

export function shareTargets(url: string, title: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { id: "twitter", label: "X (Twitter)", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { id: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { id: "whatsapp", label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    {
      id: "email",
      label: "Email",
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`I thought you might like this article:\n\n${title}\n${url}`)}`,
    },
  ];
}

/** docs/product/blog.md "Sharing": 'Link copied' shows for 2 seconds. */
export const LINK_COPIED_MS = 2000;
