import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import {
  answerFor,
  FALLBACK_ANSWER,
  isProjectStart,
  keywordHits,
  matchTopic,
  QUICK_QUESTIONS,
  TOPIC_IDS,
  TOPICS,
} from "./assistant-rules";

const topicOf = (message: string) => matchTopic(message)?.id ?? null;

describe("assistant topics", () => {
  it("covers the ten topics of docs/product/chat.md 'Topics', each with keywords and an answer", () => {
    expect(TOPICS.map((t) => t.id)).toEqual([...TOPIC_IDS]);
    for (const topic of TOPICS) {
      expect(topic.keywords.length).toBeGreaterThan(3);
      expect(topic.content.length).toBeGreaterThan(40);
    }
  });

  it.each([
    ["How much does a website cost?", "pricing"],
    ["what are your prices", "pricing"],
    ["How long does it take?", "timeline"],
    ["Can you have it done in 2 weeks?", "timeline"],
    ["Do you work with businesses near me?", "location"],
    ["I'm in Westerly, do you come down here?", "location"],
    ["What's included?", "services"],
    ["What’s included?", "services"],
    ["What services do you offer?", "services"],
    ["Is hosting included?", "hosting"],
    ["Can you build an online store to sell my products?", "ecommerce"],
    ["Will it look good on phones?", "mobile"],
    ["Is it responsive on a tablet?", "mobile"],
    ["Where is the site hosted, and what about my domain?", "hosting"],
    ["Can I make changes and updates after launch?", "updates"],
    ["Will my business show up on Google search?", "seo"],
    ["How do I get started?", "getting_started"],
  ])("%s -> %s", (message, topic) => {
    expect(topicOf(message)).toBe(topic);
  });

  it("answers with the topic that has the most keyword hits", () => {
    const pricing = TOPICS.find((t) => t.id === "pricing")!;
    const hosting = TOPICS.find((t) => t.id === "hosting")!;
    const message = "How much does hosting cost, and is the domain and https included in the price?";
    expect(keywordHits(message, pricing)).toBe(3); // how much, cost, price
    expect(keywordHits(message, hosting)).toBe(3); // host, domain, https
    // A tie goes to the first topic listed (the narrower one); one more pricing word tips it.
    expect(topicOf(message)).toBe("hosting");
    expect(topicOf(`${message} It has to fit my budget.`)).toBe("pricing");
  });

  it("matches short keywords only as whole words", () => {
    expect(topicOf("Do you work anywhere in RI?")).toBe("location");
    expect(topicOf("Is that the right approach?")).toBeNull(); // "right" is not "ri"
    expect(topicOf("I feel unsure")).toBeNull(); // "feel" is not "fee"
  });

  it("gives the pricing facts from the site config", () => {
    const answer = answerFor("How much does a website cost?");
    expect(answer.content).toContain("Projects start at $75");
    expect(answer.content).toContain("$800");
    expect(answer.followUp).toBeTruthy();
    expect(answer.link).toEqual({ label: "See pricing", href: "/pricing" });
  });

  it("states the delivery times, area, and what is not offered", () => {
    expect(answerFor("how long does it take").content).toContain(site.delivery.typical);
    expect(answerFor("how long does it take").content).toContain(site.delivery.simple);
    expect(answerFor("how long does it take").content).toContain(site.delivery.custom);
    expect(answerFor("are you local?").content).toMatch(/Providence.*all of Rhode Island.*remotely/s);
    const store = answerFor("Can you build an ecommerce shop?").content;
    expect(store).toContain("don't build online stores");
    expect(store).toMatch(/Shopify|Square Online/);
    expect(answerFor("Is hosting included?").content).toMatch(/CDN/);
    expect(answerFor("Will it work on mobile?").content).toMatch(/mobile-friendly.*included/s);
    expect(answerFor("Can I update the site later?").content).toMatch(/Small tweaks.*separate quote/s);
    expect(answerFor("Do you do SEO?").content).toMatch(/fundamentals/);
    const start = answerFor("How do I get started?");
    expect(start.link?.href).toBe("/start-project");
    expect(start.content).toMatch(/guided chat/);
    expect(start.followUp).toMatch(/discovery call/);
    expect(start.followUpLink).toEqual({ label: "Book a discovery call", href: "/book/discovery-call" });
  });

  it("falls back to the phone number when nothing matches", () => {
    const answer = answerFor("Do you like jazz?");
    expect(answer).toEqual(FALLBACK_ANSWER);
    expect(answer.content).toContain(site.phone.display);
    expect(answerFor("   ")).toEqual(FALLBACK_ANSWER);
  });
});

describe("quick questions", () => {
  it("are five, and all but the last get a topic answer", () => {
    expect(QUICK_QUESTIONS).toHaveLength(5);
    for (const question of QUICK_QUESTIONS.slice(0, 4)) expect(topicOf(question)).not.toBeNull();
    expect(isProjectStart(QUICK_QUESTIONS[4])).toBe(true);
  });
});

describe("isProjectStart", () => {
  it.each([
    ["I want to start a project", true],
    ["START AN INQUIRY please", true],
    ["Let's get this project started", true],
    ["How do I start?", false],
    ["Tell me about a recent project", false],
  ])("%s -> %s", (message, expected) => {
    expect(isProjectStart(message)).toBe(expected);
  });
});
