/**
 * The few icons the public first paint needs, inline so no icon library ships
 * with the first load (admin screens use lucide-react).
 */
export type IconProps = React.SVGProps<SVGSVGElement>;

/** The attributes every line icon shares. */
export const iconBase = (props: IconProps) => ({
  xmlns: "http://www.w3.org/2000/svg",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
  ...props,
});

export const ChevronDownIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
export const ChevronRightIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);
export const ArrowUpIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="m5 12 7-7 7 7" />
    <path d="M12 19V5" />
  </svg>
);
export const MenuIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CloseIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);
export const PhoneIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z" />
  </svg>
);
export const MailIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </svg>
);
export const CheckIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
);
export const MapPinIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </svg>
);
export const ClockIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </svg>
);
export const ExternalLinkIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </svg>
);
export const SparkIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  </svg>
);
export const MonitorIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <rect x="2" y="3" width="20" height="14" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </svg>
);
export const TabletIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M12 18h.01" />
  </svg>
);
export const SmartphoneIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M12 18h.01" />
  </svg>
);
export const SendIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />
  </svg>
);
export const ChatIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8v.5z" />
  </svg>
);
