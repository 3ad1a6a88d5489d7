/**
 * What leads write: a message is an opener, a need, a detail and a closing, so a few dozen
 * sentences make thousands of different messages. Placeholders: {first}, {company}, {town},
 * {type} (the business type in lower case).
 */

// prettier-ignore
export const OPENERS = [
  "Hi Tyler, I run {company} in {town}.",
  "Hello! I'm the owner of {company} in {town}.",
  "Hi, my name is {first} and I have a small {type} business in {town}.",
  "Good morning. We're {company}, a family-owned {type} business in {town}.",
  "Hey Tyler, a friend of mine sent me your way.",
  "Hi there, I found your site while looking for a web designer near {town}.",
  "Hello, I'm reaching out on behalf of {company}.",
  "Hi Tyler, I saw the site you did for another {type} business and loved it.",
  "Hi! I'm {first}, I've been running {company} out of {town} for about ten years.",
  "Hello, I'm starting a {type} business in {town} this year.",
];

// prettier-ignore
export const NEEDS = [
  "We don't have a website at all yet, just a Facebook page.",
  "Our current site was built in 2012 and looks terrible on phones.",
  "I need a simple site with our services, hours and a way to call us.",
  "We want customers to be able to request a quote online.",
  "I'd like a one-page site I can send people to from Instagram.",
  "Our Google listing gets views but people can't find our menu or prices anywhere.",
  "We're opening a second location and need a site that covers both.",
  "I want to show photos of our work and get more calls from {town} and nearby.",
  "I'm looking for online booking so I stop playing phone tag with clients.",
  "Our old web guy retired and nobody can update the site anymore.",
  "We need a site up before the busy season starts in the spring.",
  "I'm going out on my own and need something professional but affordable.",
  "Our site is on a page builder that costs us $40 a month and nobody visits it.",
  "We keep getting asked if we're still open because our site has old hours on it.",
];

// prettier-ignore
export const DETAILS = [
  "Budget is tight, maybe a few hundred dollars.",
  "We can spend more if it actually brings in customers.",
  "I have photos and a logo already.",
  "I'd need help writing the text, writing is not my thing.",
  "It would be great to have it up in the next few weeks.",
  "No rush, sometime this season is fine.",
  "Would you also handle hosting and the domain?",
  "We'd want to be able to update our specials ourselves.",
  "Spanish and English would be ideal for our customers.",
  "Most of our customers find us on their phones.",
  "We already own the domain name, just never did anything with it.",
  "A gallery of before and after photos would be a must.",
];

// prettier-ignore
export const CLOSERS = [
  "Thanks!", "Thanks, {first}", "Looking forward to hearing from you.", "Let me know what you think.",
  "Best, {first}", "Thank you for your time.", "Talk soon.",
];

/** The contact form's subjects. */
// prettier-ignore
export const CONTACT_SUBJECTS = [
  "Website question", "Quote request", "Question about pricing", "Website redesign", "Hosting question",
  "New business website", "Do you do online ordering?", "Help with Google listing", "Menu update question",
];

/** The guided chat's last answer ("anything else?") when it is not "That's everything". */
// prettier-ignore
export const CHAT_ADDITIONAL = [
  "We'd love it live before Memorial Day weekend.",
  "Pages: home, services, gallery, about, contact.",
  "I like clean sites with big photos, nothing too busy.",
  "Can you set up our Google Business Profile too?",
  "Our current website is on Wix, not sure if we can move it.",
  "We need a way for people to book appointments online.",
  "Mostly I need people to be able to call me from their phone.",
  "My daughter made our logo, I can send it over.",
  "We also do catering, so a catering page would be great.",
  "Please no monthly fees if that's possible.",
];

/**
 * A visitor's first answer that the chat asks again about (inquiry-questions.ts read()), by
 * question: an e-mail that is not one, and words typed where an option was expected.
 */
export const TYPOS: Readonly<Record<"email" | "project_type" | "budget" | "timeline", readonly string[]>> = {
  email: ["{first}{last} at gmail", "{first}.{last}@gmail", "{first}@", "{first} {last}"],
  project_type: ["a website for my shop", "not sure yet", "something simple", "online store"],
  budget: ["around $400?", "not sure, what do you charge?", "as cheap as possible", "maybe 1000"],
  timeline: ["before spring", "by the end of the month", "asap!!", "whenever works"],
};

/** A claimant's proof that the business is theirs (the claim form's verification). */
// prettier-ignore
export const CLAIM_VERIFICATIONS = [
  "I'm the owner, you can call the shop number to check.",
  "My name is on the business registration with the Secretary of State.",
  "I've run the store since my father retired, I can show you the lease.",
  "I can reply from the business e-mail on our Google listing.",
];
