// Types of the Vue directive (vue.js).
import type { AttachOptions, FieldController, FieldNames } from "./smarttext.js";

/** The directive's hooks, for Vue 2.6+ and Vue 3. */
export declare const vSmartText: Record<string, (element: HTMLInputElement, binding: { value: FieldNames | AttachOptions }) => void>;
/** The controller of an input the directive attached, or null. */
export function smartTextController(element: HTMLInputElement): FieldController | null;
/** Registers the directive as `v-smarttext` (`app.use` in Vue 3, `Vue.use` in Vue 2). */
export declare const SmartTextPlugin: { install(app: { directive(name: string, definition: unknown): unknown }): void };
