// Types of the SmartText browser client (smarttext.js). The API contract is the service's openapi.yaml.

/** A field configuration name, or several composed in order. */
export type FieldNames = string | string[];

/** Which validators report errors: while typing, on leaving the field, on submit. */
export type ValidationEvent = "change" | "blur" | "submit";

/** Where a text stands. */
export type TextState = "empty" | "incomplete" | "valid" | "invalid";

/** Where the caret was when the user made an edit: after the previous edit, Home, End, select-all; null elsewhere. */
export type CaretAnchor = "caret" | "start" | "end" | "all";

/** A failed rule that reports on the event. */
export interface RuleError {
  rule: string;
  message: string;
}

/** One evaluated rule (some rules add members, such as a password's `score` and `feedback`). */
export interface RuleResult {
  rule: string;
  valid: boolean;
  message: string;
  [member: string]: unknown;
}

/** The answer to an edit or a format: `POST /v1/edit`, `POST /v1/format`. */
export interface EditAnswer {
  text: string;
  caret: number;
  value: string;
  state: TextState;
  valid: boolean;
  complete: boolean;
  errors: RuleError[];
  results: RuleResult[];
  rejected: boolean;
  truncated: boolean;
  deferred: boolean;
  change: { start: number; end: number; text: string };
  meta: Record<string, unknown>;
  /** The version of the registry that answered (servers of 0.1.0 before it do not send it). */
  registry?: string;
  /** With `edits`: every position of the client's text after the edits, in `text`. */
  map?: number[];
  seq?: number;
}

/** One field's verdict in `POST /v1/validate`. */
export interface FieldVerdict {
  text: string;
  value: string;
  state: TextState;
  valid: boolean;
  errors: RuleError[];
  results: RuleResult[];
  /** What the formatters found: a phone number's `e164`, a date's ISO `date`, a time's `time`. */
  meta: Record<string, unknown>;
}

/** The answer of `POST /v1/validate`. */
export interface ValidateAnswer {
  valid: boolean;
  form?: string;
  fields: Record<string, FieldVerdict>;
  errors: { field: string; rule: string; message: string }[];
  /** The version of the registry the values were validated against. */
  registry?: string;
}

/** The characters typing can add to a field (`accepts` in its description). */
export interface AcceptedCharacters {
  digits: boolean;
  letters: boolean;
  whitespace: boolean;
  others: boolean;
  characters: string;
}

/** How a client sets up its input (null when the field does not say). */
export interface InputHints {
  placeholder: string | null;
  inputmode: string | null;
  autocomplete: string | null;
  keyboard: string | null;
  textContentType: string | null;
  androidInputType: string | null;
  secure: boolean;
  maxLength: number | null;
  example: string | null;
}

/** `GET /v1/fields/{name}`. */
export interface FieldDescription {
  name: string;
  label: string;
  labels: Record<string, string>;
  formatters: unknown[];
  validators: unknown[];
  report: "first" | "all";
  backspace: "deletePrevious" | "moveCaret";
  hints: InputHints;
  accepts?: AcceptedCharacters;
}

/** `GET /v1/forms/{name}`. */
export interface FormDescription {
  name: string;
  label: string;
  fields: {
    name: string;
    field: string;
    label: string;
    required: boolean;
    previous: string | null;
    next: string | null;
    returnKey: "next" | "done";
    hints: InputHints;
  }[];
}

/** A problem answer (RFC 9457). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  pointer?: string;
}

// MARK: - Text helpers

/** The UTF-16 offset where the user-perceived character before `offset` starts. */
export function previousBoundary(text: string, offset: number): number;
/** The UTF-16 offset where the user-perceived character at `offset` ends. */
export function nextBoundary(text: string, offset: number): number;
/** The smallest replacement turning `before` into `after`. */
export function difference(before: string, after: string): { start: number; end: number; text: string };
/** The replacement turning `before` into `after` whose inserted text ends at `caret` where the texts allow. */
export function differenceAt(before: string, after: string, caret?: number): { start: number; end: number; text: string };
/**
 * For each character of an answer's `text`, true when it is formatting (a separator, a literal, a placeholder):
 * the characters its `value` leaves out, when `value` is the text's characters in order; else none.
 */
export function formattingOf(text: string, value: string): boolean[];
/** The characters of `text` a field accepts (all of them without a set). */
export function acceptedPart(text: string, accepts: AcceptedCharacters | null | undefined): string;

// MARK: - Reconciliation

/** An edit a user made on the text shown. */
export interface TypedEdit {
  start: number;
  end: number;
  replacement: string;
  inputType?: string;
  anchor?: CaretAnchor | null;
}

/**
 * Moves edits made on a text onto the answer for it through `map`; the moved edits and the last text's map.
 * With `on` (the answer's text and caret), anchored edits are made at their anchor there, as the service makes
 * them, and the text and caret they show are returned too.
 */
export function rebase(edits: TypedEdit[], map: number[]): { edits: TypedEdit[]; map: number[] };
export function rebase(
  edits: TypedEdit[], map: number[], on: { text: string; caret: number },
): { edits: TypedEdit[]; map: number[]; text: string; caret: number };

/** A batch to send: the edits made on `text` with the caret at `caret`. */
export interface TypedEditsRequest {
  text: string;
  caret: number;
  edits: TypedEdit[];
  generation: number;
}

/** The reconciliation of one field, without a DOM. */
export interface EditModel {
  base: string;
  baseCaret: number;
  shown: string;
  selection: { start: number; end: number };
  anchor: CaretAnchor | null;
  sent: TypedEdit[] | null;
  queued: TypedEdit[];
  generation: number;
  /** For each character shown, true when the last answer showed it as formatting. */
  formatting: boolean[];
  /** The field's `backspace` is `deletePrevious`: a deletion next to formatting takes the character past it. */
  deletePrevious: boolean;
  readonly busy: boolean;
  reset(text: string, selection?: { start: number; end: number }, value?: string | null): void;
  edit(start: number, end: number, replacement: string, inputType?: string): void;
  /** The range a Backspace (`backward`) or Delete at `caret` takes past formatting, or null. */
  deletion(caret: number, backward: boolean): { start: number; end: number } | null;
  refuse(): void;
  select(start: number, end: number, anchor?: CaretAnchor | null): void;
  nextRequest(): TypedEditsRequest | null;
  /** Returns true when nothing is pending any more. */
  receive(answer: EditAnswer, request: TypedEditsRequest): boolean;
  fail(): void;
}

export function createEditModel(text?: string, caret?: number): EditModel;

// MARK: - The DOM

export interface AttachOptions {
  field: FieldNames;
  /** The service's address; default: this page's origin. */
  baseURL?: string;
  /**
   * The request's locale: the language of the messages and how fields that leave it open write numbers,
   * dates and times; default: the browser's Accept-Language.
   */
  locale?: string;
  /** The phone region (`GB`) of fields without one, over the locale's: a country picker's choice. */
  region?: string;
  /** Where messages go; default: a `.smarttext-errors` element after the input. */
  errorElement?: HTMLElement;
  onAnswer?: (answer: EditAnswer | FieldVerdict, event: ValidationEvent) => void;
  onBlur?: (controller: FieldController) => void;
  fetch?: typeof fetch;
  /** Milliseconds before a request counts as unanswered (10000). */
  timeout?: number;
}

export interface FieldController {
  readonly field: FieldNames;
  /** False while the service cannot be reached (the input is a plain input meanwhile). */
  available: boolean;
  /** The newest answer shown. */
  answer: EditAnswer | FieldVerdict | null;
  /** The field's description once loaded (null when the service could not be reached). */
  ready: Promise<FieldDescription | null>;
  description?: FieldDescription;
  validate(event?: ValidationEvent): Promise<EditAnswer | null>;
  show(answer: EditAnswer | FieldVerdict, event: ValidationEvent): void;
  /** Resolves once no edit waits for an answer. */
  settled(): Promise<void>;
  detach(): void;
}

/** Connects an <input> to a field configuration of the service. */
export function attach(input: HTMLInputElement, options: AttachOptions): FieldController;

export interface AttachFormOptions {
  form: string;
  baseURL?: string;
  locale?: string;
  region?: string;
  fetch?: typeof fetch;
  timeout?: number;
  /** Called with the values when the form is valid, or with the values as typed and null when the service is down. */
  /** May return (or resolve to) the team's backend's `/v1/validate`-shaped answer: its errors are shown on their fields. */
  onSubmit?: (values: Record<string, string>, answer: ValidateAnswer | null) =>
    void | ValidateAnswer | Promise<void | ValidateAnswer | null | undefined>;
  /** Per field name, an asynchronous check of a value the service found valid (a username taken). */
  checks?: Record<string, (value: string) => Promise<string | string[] | RuleError[] | null | undefined> | string | null | undefined>;
  /** Milliseconds after the last key before a check runs while typing (300). */
  checkDelay?: number;
}

export interface FormController {
  fields: Record<string, FieldController>;
  available: boolean;
  description?: FormDescription;
  validate(event?: ValidationEvent, only?: string): Promise<ValidateAnswer | null>;
  /** Shows a `/v1/validate`-shaped answer (a backend's) on its fields; returns the fields with errors. */
  showErrors(answer: Partial<ValidateAnswer>, event?: ValidationEvent): string[];
  detach(): void;
}

/** Connects a <form> to a form of the service. */
export function attachForm(form: HTMLFormElement, options: AttachFormOptions): Promise<FormController>;
