/**
 * The blog a local web designer writes: a handful of topics, each told for a trade and a town.
 * Placeholders: {trade} ("a landscaper"), {Trade} (the same, capitalized), {town}.
 */
export interface BlogTopic {
  title: string;
  excerpt: string;
  tags: readonly string[];
  /** [heading, paragraph] */
  sections: readonly (readonly [string, string])[];
}

// prettier-ignore
export const BLOG_TOPICS: readonly BlogTopic[] = [
  {
    title: "What {trade} in {town} needs on its home page",
    excerpt: "Most visitors decide in a few seconds whether to call you. Here is what the top of the page has to answer for {trade} in {town}.",
    tags: ["Home page", "Small business"],
    sections: [
      ["Answer the first question first", "People who find {trade} on their phone want to know three things: what you do, where you work and how to reach you. Put all three above the fold, in plain words, before any slideshow."],
      ["Make calling one tap", "A phone number that is text, not part of an image, turns into a button on every phone. In {town}, where most searches happen on the go, that button is the most valuable thing on the page."],
      ["Show real work", "Three honest photos of recent jobs beat a dozen stock pictures. Customers recognize their own streets, and they trust what they recognize."],
    ],
  },
  {
    title: "Five questions to ask before hiring a web designer in {town}",
    excerpt: "Before you pay anyone for a website, ask who owns the domain, what hosting costs and how you will make changes.",
    tags: ["Hiring", "Advice"],
    sections: [
      ["Who owns the domain?", "The domain should be registered in your name, with your e-mail, even if the designer sets it up. It is the one part of a website you cannot easily replace."],
      ["What does it cost after launch?", "Hosting, updates and support add up. Ask for the yearly cost in writing, and ask what happens if you stop paying it."],
      ["How do I change my hours?", "You will need to change something within a month of launch. Find out whether that means a login, an e-mail or an invoice."],
    ],
  },
  {
    title: "How {trade} can get more calls from Google Maps",
    excerpt: "A complete Google Business Profile and a website that agrees with it are the cheapest marketing {trade} can do.",
    tags: ["Local SEO", "Google Business Profile"],
    sections: [
      ["Fill in every field", "Hours, services, service area and photos: a complete profile shows up more often. Keep the name, address and phone exactly as they appear on your website."],
      ["Ask for reviews the easy way", "Send happy customers the direct review link the day the job is done. A review that mentions {town} helps you show up for people searching there."],
      ["Link the profile to a real page", "The website link on your profile should open a fast page about the service people searched for, not a slow home page with autoplay video."],
    ],
  },
  {
    title: "Is your website ready for the busy season in {town}?",
    excerpt: "Spring is the time to fix the website, before the phone starts ringing. A checklist for {trade}.",
    tags: ["Seasonal business", "Checklist"],
    sections: [
      ["Update the hours", "Out-of-date hours cost more customers than a dated design. Check the website, the Google profile and Facebook on the same day."],
      ["Check it on a phone", "Open your site on your own phone, on cell data, standing outside. If it takes more than three seconds, your customers notice."],
      ["Test the form", "Send yourself a message through your own contact form. More small businesses than you would think have a form that quietly stopped working."],
    ],
  },
  {
    title: "Website photos on a budget for {trade}",
    excerpt: "You do not need a photographer to have good photos. A phone, good light and a plan are enough for {trade}.",
    tags: ["Photos", "Budget"],
    sections: [
      ["Shoot in daylight", "Morning light through a window or an overcast afternoon outside flatters almost anything. Turn off the flash."],
      ["Take the same shot three ways", "Wide, medium and close. The wide shot shows the job, the close one shows the care that went into it."],
      ["Skip the stock photos", "Visitors in {town} recognize stock photos at a glance. A slightly imperfect photo of your real work earns more trust."],
    ],
  },
  {
    title: "Online booking for {trade}: is it worth it?",
    excerpt: "Online booking saves hours of phone tag, but it is not for every business. How to decide, and what it costs.",
    tags: ["Booking", "Tools"],
    sections: [
      ["When it pays off", "If you spend more than an hour a week returning calls just to set appointments, online booking pays for itself in the first month."],
      ["When it does not", "Jobs that need a visit and a quote first rarely fit a booking calendar. A short request form with photos works better for them."],
      ["Keep it simple", "Most booking tools can be linked from a button. There is no need for a custom system until you have more than one location."],
    ],
  },
  {
    title: "What a small website includes, and what it doesn't",
    excerpt: "Pages, hosting, a domain and updates: what you get for a starter website in Rhode Island, in plain words.",
    tags: ["Pricing", "Small business"],
    sections: [
      ["The pages", "Most small businesses need five: home, services, about, photos and contact. Anything more should earn its place."],
      ["The parts you don't see", "Hosting, backups, the security certificate and a fast setup on phones are part of the job, not extras."],
      ["What costs more", "Online stores, booking systems and many languages take more time. Ask for them up front so the quote has no surprises."],
    ],
  },
];

/** Trades the posts are written for, with their article. */
// prettier-ignore
export const BLOG_TRADES = [
  "a restaurant", "a food truck", "a cleaning company", "an auto detailer", "a landscaper", "a plumber",
  "a pet groomer", "a bakery", "a hair salon", "a contractor", "a photographer", "a small nonprofit",
];

/** Portfolio entries' tech stacks. */
export const TECH_STACKS: readonly (readonly string[])[] = [
  ["Mobile-first layout", "Semantic HTML5", "Responsive CSS", "Contact form"],
  ["Mobile-first layout", "Online booking link", "Google Business Profile setup"],
  ["Text menu", "Click-to-call header", "Local business structured data"],
  ["Photo gallery", "Quote request form", "Responsive CSS"],
];
