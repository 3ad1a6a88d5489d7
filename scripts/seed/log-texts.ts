/**
 * The contact log's entries as the owner writes them (and the replies he gets): e-mails with
 * a subject, calls, meetings and notes. Placeholders: {first}, {company}, {town}. The owner's
 * e-mails double as the outbox's admin_compose messages.
 */

/** [subject, text] of the owner's e-mails to a lead or client. */
// prettier-ignore
export const EMAILS_OUT: readonly (readonly [string, string])[] = [
  ["Following up on your website inquiry", "Hi {first},\n\nThanks again for reaching out about a site for {company}. Do you have 15 minutes this week for a quick call? I'd like to hear how customers find you now.\n\nTyler"],
  ["Your website quote", "Hi {first},\n\nAttached is the quote we talked about: five pages, a contact form, hosting and support included. Happy to adjust anything.\n\nTyler"],
  ["Mockup for {company}", "Hi {first},\n\nThe first mockup is ready. Have a look on your phone first, since that's where most of your customers will see it.\n\nTyler"],
  ["Quick question about your menu", "Hi {first},\n\nDo you have the current menu as a document, or should I type it up from the photos you sent?\n\nTyler"],
  ["Photos for the site", "Hi {first},\n\nCould you send 8-10 photos of your best work? Phone photos are fine, just in good light.\n\nTyler"],
  ["Checking in", "Hi {first},\n\nJust checking in to see if you had a chance to look at the proposal. No pressure at all, I'm here if you have questions.\n\nTyler"],
  ["Your site is live!", "Hi {first},\n\nThe new site for {company} is live. Give it a try and send me anything you'd like changed in the first month, it's included.\n\nTyler"],
  ["Google Business Profile", "Hi {first},\n\nI linked the new site from your Google Business Profile and updated your hours there too.\n\nTyler"],
  ["Invoice for the website", "Hi {first},\n\nHere is the invoice for the second half now that the site is live. Thanks for the great project!\n\nTyler"],
  ["Spring updates", "Hi {first},\n\nWith the season starting, want me to update the hours and specials on your site? Just send them over.\n\nTyler"],
];

/** [subject, text] of what leads and clients write back. */
// prettier-ignore
export const EMAILS_IN: readonly (readonly [string, string])[] = [
  ["Re: Your website quote", "Hi Tyler, this looks good. Can we start after the 15th? Thanks, {first}"],
  ["Re: Mockup for {company}", "Love it! Could the phone number be bigger at the top? {first}"],
  ["Re: Photos for the site", "Sending a few now, more this weekend when the crew is back. {first}"],
  ["Hours changed", "Hi Tyler, we're closing at 8 instead of 9 starting next week. Can you update the site?"],
  ["Re: Checking in", "Sorry for the delay, busy season. Still interested, let's talk next week."],
  ["Question", "Hi, is it possible to add a page for our catering menu? {first}"],
  ["Re: Following up on your website inquiry", "Thursday after 2 works for me. My cell is the best number."],
  ["New photos", "Here are pictures of the new patio, could they go on the home page?"],
];

// prettier-ignore
export const CALLS_OUT = [
  "Called {first}, left a voicemail about the quote.",
  "Discovery call with {first}: wants a simple site with services, photos and a quote form. Sending a proposal Friday.",
  "Called to go over the mockup. {first} wants the menu higher on the page.",
  "Follow-up call, no answer. Will try again next week.",
  "Walked {first} through updating the specials page. Took 10 minutes.",
  "Called about the domain: it's registered under the old web designer's account, {first} will ask him for it.",
];

// prettier-ignore
export const CALLS_IN = [
  "{first} called asking what's included in hosting. Explained, sending details by e-mail.",
  "{first} called: a customer said the contact form wasn't working. Tested it, fine; it was the customer's e-mail.",
  "Incoming call from {first} about adding online ordering. Quoted it as a follow-up project.",
  "{first} called to say they got three calls from the site this week.",
];

/** [subject, text] of meetings. */
// prettier-ignore
export const MEETINGS: readonly (readonly [string, string])[] = [
  ["Coffee meeting", "Met {first} at a coffee shop in {town}. Went over goals, pages and photos."],
  ["On-site visit", "Visited {company} in {town} to take photos for the site."],
  ["Video call: mockup review", "Went through the mockup with {first} on a video call. Two small changes."],
  ["Launch walkthrough", "Showed {first} how to update hours and specials. Site goes live tomorrow."],
  ["Networking event", "Met {first} at the chamber of commerce mixer in {town}."],
];

// prettier-ignore
export const NOTES = [
  "Prefers texts over calls.",
  "Busy season is May to September: follow up in March.",
  "Found us through the BNI Providence chapter.",
  "Has a Facebook page with 2,000 followers but no website.",
  "Wants Spanish and English pages.",
  "Decision maker is the co-owner; {first} will loop them in.",
  "Budget about $600, flexible if it includes a year of hosting.",
  "Referred by another client in {town}.",
  "Not ready until next year, check back in January.",
  "Asked for examples of other {town} sites.",
];
