// Types of useSmartText (react.js). React's own types are not needed: the props are plain attributes, each of the
// type React's types give it, so that `<input {...inputProps} />` type-checks under strict TypeScript.
import type { AttachOptions, EditAnswer, FieldController, FieldVerdict, InputHints, RuleError, TextState, ValidationEvent } from "./smarttext.js";

export interface UseSmartTextOptions extends Omit<AttachOptions, "onAnswer" | "onBlur"> {
  /** The text the input starts with (formatted once the field's description is loaded). */
  initialText?: string;
}

/** Spread on exactly one uncontrolled <input>. */
export interface SmartTextInputProps {
  ref: (element: HTMLInputElement | null) => void;
  defaultValue: string;
  spellCheck: boolean;
  /** The field's `inputmode` hint, when it is one of HTML's (React's `inputMode` union). */
  inputMode?: "none" | "text" | "tel" | "url" | "email" | "numeric" | "decimal" | "search";
  autoComplete?: string;
  placeholder?: string;
  type?: "password";
  "aria-invalid"?: "true" | "false";
}

export interface SmartTextHook {
  inputProps: SmartTextInputProps;
  /** What the input shows, and where its caret is (UTF-16). */
  text: string;
  caret: number;
  /** What to submit (the newest answer's value; the text until an answer comes). */
  value: string;
  /** The newest text's errors on the last event. */
  errors: RuleError[];
  state: TextState | null;
  valid: boolean;
  complete: boolean;
  hints: InputHints | null;
  /** False while the service cannot be reached (the input is a plain input meanwhile). */
  available: boolean;
  answer: EditAnswer | FieldVerdict | null;
  controller: FieldController | null;
  validate(event?: ValidationEvent): Promise<EditAnswer | null>;
  /** Sets the input's text (as the app, not the user). */
  reset(text: string): void;
}

export function useSmartText(options: UseSmartTextOptions): SmartTextHook;
