/**
 * A project's words: the milestones of a small-business site in their order, the update the
 * owner posts as each is done, the portal discussion, and notes. Placeholders: {first},
 * {company}.
 */

/** [title, description], in the order a project goes through them. */
// prettier-ignore
export const MILESTONES: readonly (readonly [string, string])[] = [
  ["Discovery call", "Goals, pages, must-haves and the sites you like."],
  ["Sitemap and content plan", "Which pages, what goes on each, and who writes what."],
  ["Design mockup", "The home page and one inner page, on a phone and a desktop."],
  ["Development", "The real site on a private preview address."],
  ["Content and photos", "Your text and photos in place, checked on every page."],
  ["Review and revisions", "Two rounds of changes on the preview."],
  ["Launch", "The domain pointed at the new site, forms tested, Google told."],
];

/** [title, content] of the update posted when the milestone of the same place is done. */
// prettier-ignore
export const UPDATES: readonly (readonly [string, string])[] = [
  ["Kickoff notes", "Thanks for the great call, {first}! I wrote up the goals and the pages we agreed on. Next: the sitemap."],
  ["Sitemap ready", "The sitemap and the content plan are in your portal. Let me know if a page is missing."],
  ["First design mockup is ready", "Have a look at the mockup on your phone first. Comments are welcome right here."],
  ["Development underway", "The site is being built on a preview address. The contact form already works."],
  ["Your content is in", "All your text and photos are on the preview. I tightened a few sentences, check that they still sound like you."],
  ["Ready for your review", "Everything is in place. Go through each page and list anything you'd like changed."],
  ["We're live!", "{company} is live! Hosting, backups and small updates are taken care of from here."],
];

/** [the client's comment, the owner's reply] in the portal discussion. */
// prettier-ignore
export const DISCUSSION: readonly (readonly [string, string])[] = [
  ["This looks amazing, thank you!", "Glad you like it! Next up is the content, I'll send a list of what I need."],
  ["Can the phone number be bigger on the phone version?", "Done! It's on the preview now, and it's a button on phones."],
  ["I sent the new photos by e-mail, the ones from the summer.", "Got the photos, thanks. I'll put the best three on the home page."],
  ["My wife thinks the blue is a little dark. Could we try the lighter one?", "Try the lighter blue on the preview and tell me which you prefer."],
  ["Our hours on Sunday are 9-2, not 10-2.", "Good catch, fixed on the site and on your Google listing."],
  ["Is it possible to add a page for gift cards?", "I added a gift card page with a link to your Square store."],
  ["The menu prices went up, I'll send the new list tonight.", "Prices updated. Anything else on the menu?"],
  ["Quick question: will the old address still work after launch?", "Yes, the old address will forward to the new site."],
  ["Love the new logo placement.", "Thanks! It looks sharp on phones too."],
  ["We got our first online request today!", "That's great news! Congratulations, {first}."],
  ["Could you swap the second photo for one of the storefront?", "Swapped. The storefront photo works much better there."],
  ["All good on my end, go ahead.", "Great, I'll have the next round ready by Friday."],
];

// prettier-ignore
export const CLIENT_NOTES = [
  "Most customers find {company} on their phones: phone number and hours come first.",
  "Keep the family-owned story front and center.",
  "Photos of recent jobs are the strongest selling point.",
  "The menu changes seasonally; {first} updates it in spring and fall.",
  "Bilingual visitors: Spanish versions of the main pages.",
];

// prettier-ignore
export const INTERNAL_NOTES = [
  "Paid 50% deposit.",
  "Domain at GoDaddy, {first} has the login.",
  "Wants to update specials without calling: show the editor at launch.",
  "Slow to send content, budget extra time.",
  "Referred two other businesses already.",
  "Second half invoiced at launch.",
  "Needs a menu page that is text, not a PDF.",
];
