import { expect, type APIRequestContext } from "@playwright/test";

/** A project as the start-project form makes it (status submitted): answers its Project ID. */
export async function submitProject(
  request: APIRequestContext,
  name: string,
  email: string,
  description = "A site for our Bristol sailing school: courses, prices, the dock and how to book a lesson.",
): Promise<string> {
  const res = await request.post("/api/submissions", {
    data: {
      name,
      email,
      siteType: "business",
      budget: "300-500",
      timeline: "1-2weeks",
      description,
      readiness: "ready",
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { projectId: string }).projectId;
}
