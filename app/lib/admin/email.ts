/** Card colours and warnings (docs/product/email.md "The usage card"). */
export function usageLevel(percentage: number): { tone: "green" | "yellow" | "red"; warning?: string } {
  if (percentage >= 90)
    return { tone: "red", warning: "Email limit almost reached! Only high-priority emails will be sent." };
  if (percentage >= 70) return { tone: "yellow", warning: "Email usage is high. Consider batching updates." };
  return { tone: "green" };
}
