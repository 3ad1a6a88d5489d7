import { Fragment } from "react";

/**
 * An e-mail address that wraps, when it must, after the @ or before a dot (marta.quinn@ /
 * quinnpottery / .example.com) rather than in the middle of a word; a single part too long for
 * its box still breaks so nothing overflows.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="[overflow-wrap:break-word]">
      {email.split(/([@.])/).map((part, index) => (
        <Fragment key={index}>
          {part === "." ? <wbr /> : null}
          {part}
          {part === "@" ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
