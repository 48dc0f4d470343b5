// v-smarttext: the SmartText client as a Vue directive (Vue 2.6 and later, Vue 3).
//
//   import { SmartTextPlugin } from "smarttext-client/vue";   // or "./vue.js"
//   app.use(SmartTextPlugin);                                   // Vue 2: Vue.use(SmartTextPlugin)
//
//   <input v-smarttext="'credit_card'">
//   <input v-smarttext="{ field: 'phone_cn', region: country, onAnswer: (answer) => (errors = answer.errors) }">
//
// The input stays uncontrolled (do not also give it v-model: SmartText applies every key to it at once
// and merges the service's formatting in, see smarttext.js); follow it with `onAnswer` (the text, the
// value, the errors and state of the newest text) and read the controller with `smartTextController(el)`.
// A new field, locale or region (a country picker's choice) connects the input anew; the options are
// those of `attach`.
import { attach } from "./smarttext.js";

const attached = new WeakMap();

function optionsOf(value) {
  return typeof value === "string" || Array.isArray(value) ? { field: value } : { ...value };
}

/** What connects an input: a new field, base URL, locale or region attaches it again. */
function keyOf(options) {
  return JSON.stringify([options.field, options.baseURL ?? null, options.locale ?? null, options.region ?? null]);
}

function start(element, binding) {
  const options = optionsOf(binding.value);
  attached.set(element, { controller: attach(element, options), key: keyOf(options) });
}

function stop(element) {
  const entry = attached.get(element);
  if (!entry) return;
  entry.controller.detach();
  attached.delete(element);
}

function update(element, binding) {
  const entry = attached.get(element);
  if (entry && entry.key === keyOf(optionsOf(binding.value))) return;
  stop(element);
  start(element, binding);
}

/** The directive: Vue 3's hooks and Vue 2's, each once. */
export const vSmartText = {
  // Vue 3
  mounted: start,
  updated: update,
  unmounted: stop,
  // Vue 2
  inserted: start,
  componentUpdated: update,
  unbind: stop,
};

/** The controller of an input the directive attached (`attach`'s), or null. */
export function smartTextController(element) {
  return attached.get(element)?.controller ?? null;
}

/** Registers the directive as `v-smarttext`. */
export const SmartTextPlugin = {
  install(app) {
    app.directive("smarttext", vSmartText);
  },
};
