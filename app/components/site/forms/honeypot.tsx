import { useId } from "react";
import { HONEYPOT_FIELD } from "~/contracts/form-options";

/**
 * The spam trap every public form carries: a field people never see, never
 * reach with the keyboard and never autofill. Bots that fill every input fill
 * it; the server then drops the message quietly.
 */
export function Honeypot({ defaultValue }: { defaultValue?: string }) {
  const id = `${useId()}${HONEYPOT_FIELD}`;
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue={defaultValue} />
    </div>
  );
}
