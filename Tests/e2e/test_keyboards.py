#!/usr/bin/env python3
"""Where users really type (issue 29): Android keyboards, word deletions, autofill and screen readers,
in real headless Chromium.

    test_keyboards.py PATH/TO/smarttext-server

Android keyboards (Gboard, Samsung Keyboard, SwiftKey) are emulated through DevTools under mobile
emulation: every key is a `keydown` with keyCode 229 and an `Input.imeSetComposition` that recomposes
the whole word before the caret (an uncancellable `insertCompositionText`), a commit is
`Input.insertText`, a suggestion tap commits a word with a trailing space, and an autocorrection
recomposes a word already committed. Each sequence must end with the text and caret that typing the
same characters one request at a time gives (what a desktop gets), at 0, 150 and 400 ms round trips,
in text, email, numeric and tel inputs.
"""
import os
import sys
import time
import unittest

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import typing_lab

SERVER = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
ROUND_TRIPS = (0, 150, 400)
ANDROID_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                 "Chrome/126.0.0.0 Mobile Safari/537.36")

# A new input of `type` (and `inputmode`) at the top of the page, attached to `field`, focused, with the
# recorder of typing_lab installed; its controller is window.controllers[id].
ATTACH = """
const [id, field, type, inputmode, done] = arguments;
const input = document.createElement('input');
input.id = id;
input.type = type;
if (inputmode) input.setAttribute('inputmode', inputmode);
input.spellcheck = false;
document.body.prepend(input);
// An IME reads the text and recomposes it in one batch (InputConnection.beginBatchEdit): while the
// keyboard holds the gate, answers that arrive wait, as they would for the batch to end.
window.keyboardGate ||= (() => {
  let held = null, release = null;
  const gate = {
    hold() { held ||= new Promise((resolve) => { release = resolve; }); },
    release() { if (release) release(); held = release = null; },
    async fetch(url, init) {
      const response = await fetch(url, init);
      const body = await response.text();
      while (held) await held;
      return { ok: response.ok, status: response.status, headers: response.headers,
               json: async () => JSON.parse(body), text: async () => body };
    },
  };
  return gate;
})();
import('/smarttext.js').then(async (m) => {
  const controller = m.attach(input, { field, fetch: window.keyboardGate.fetch });
  await controller.ready;
  (window.controllers ||= {})[id] = controller;
  input.focus();
  done(input);
});
"""



class AndroidKeyboard:
    """Drives an input as an Android keyboard does, through DevTools' IME commands."""

    def __init__(self, driver, element):
        self.driver = driver
        self.element = element
        self.composition = None

    def _cdp(self, command, parameters):
        self.driver.execute_cdp_cmd(command, parameters)

    def _batch(self, edit):
        """`edit` (which reads the text, then recomposes it) with no answer applied in between."""
        self.driver.execute_script("window.keyboardGate.hold()")
        try:
            return edit()
        finally:
            self.driver.execute_script("window.keyboardGate.release()")

    def _shown(self):
        return self.driver.execute_script(
            "const i = arguments[0]; return [i.value, i.selectionEnd ?? i.value.length]", self.element)

    def _key(self, action):
        # What Android keyboards send for every key: keyCode 229, key "Unidentified".
        self._cdp("Input.dispatchKeyEvent", {"type": "rawKeyDown" if action == "down" else "keyUp",
                                             "windowsVirtualKeyCode": 229, "key": "Unidentified", "code": ""})

    def _compose(self, text, replace=None):
        parameters = {"text": text, "selectionStart": len(text), "selectionEnd": len(text)}
        if replace:
            parameters["replacementStart"], parameters["replacementEnd"] = replace
        self._cdp("Input.imeSetComposition", parameters)

    def _word_before_caret(self):
        value, caret = self._shown()
        start = caret
        while start > 0 and not value[start - 1].isspace():
            start -= 1
        return value[start:caret], (start, caret)

    def type(self, character):
        """A key: the word before the caret (or the word being composed) recomposed with it."""
        self._key("down")
        if self.composition is None:
            def recompose():
                word, span = self._word_before_caret()
                self.composition = word + character
                self._compose(self.composition, replace=span)
            self._batch(recompose)
        else:
            self.composition += character
            self._compose(self.composition)
        self._key("up")

    def backspace(self):
        """Backspace: the composed word loses its last character (a word before the caret is taken
        over first, as Gboard does)."""
        self._key("down")
        if self.composition is None:
            def recompose():
                word, span = self._word_before_caret()
                if word:
                    self.composition = word[:-1]
                    self._compose(self.composition, replace=span)
                return bool(word)
            if not self._batch(recompose):
                self._key("up")
                self._cdp("Input.dispatchKeyEvent", {"type": "rawKeyDown", "windowsVirtualKeyCode": 8,
                                                     "key": "Backspace", "code": "Backspace"})
                self._cdp("Input.dispatchKeyEvent", {"type": "keyUp", "windowsVirtualKeyCode": 8,
                                                     "key": "Backspace", "code": "Backspace"})
                return
        else:
            self.composition = self.composition[:-1]
            self._compose(self.composition)
        self._key("up")

    def commit(self, suffix=""):
        """The composition ends (the keyboard commits the word, with `suffix`)."""
        if self.composition is not None:
            self._cdp("Input.insertText", {"text": self.composition + suffix})
        elif suffix:
            self._cdp("Input.insertText", {"text": suffix})
        self.composition = None

    def suggestion(self, word):
        """A tap on a suggestion: the composed word replaced by `word` and a trailing space."""
        self._cdp("Input.insertText", {"text": word + " "})
        self.composition = None

    def autocorrect(self, wrong, right):
        """After the fact: the last `wrong` before the caret recomposed as `right` and committed."""
        def correct():
            value, caret = self._shown()
            start = value.rfind(wrong, 0, caret)
            self._compose(right, replace=(start, start + len(wrong)))
            self._cdp("Input.insertText", {"text": right})
            # The keyboard puts the caret back where it was (InputConnection.setSelection).
            caret += len(right) - len(wrong)
            self.driver.execute_script("arguments[0].setSelectionRange(arguments[1], arguments[1])",
                                       self.element, caret)
        self._batch(correct)
        self.composition = None


class Keyboards(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = typing_lab.LiveServer(SERVER)
        cls.port = cls.server.port
        cls.driver = typing_lab.chromium(script_timeout=30)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        typing_lab.set_round_trip(self.driver, 0)
        self.mobile(False)
        self.driver.get(f"http://127.0.0.1:{self.port}/")
        WebDriverWait(self.driver, 15).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))

    def mobile(self, on):
        """An Android phone (user agent, screen, touch), or back to the desktop."""
        cdp = self.driver.execute_cdp_cmd
        if on:
            cdp("Emulation.setUserAgentOverride", {"userAgent": ANDROID_AGENT, "platform": "Android"})
            cdp("Emulation.setDeviceMetricsOverride", {"width": 412, "height": 915, "deviceScaleFactor": 2.625,
                                                       "mobile": True})
            cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        else:
            cdp("Emulation.clearDeviceMetricsOverride", {})
            cdp("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def attach(self, element_id, field, type_="text", inputmode=None):
        element = self.driver.execute_async_script(ATTACH, element_id, field, type_, inputmode)
        self.driver.execute_script(typing_lab.INSTRUMENT, element)
        return element

    def shown(self, element):
        return tuple(self.driver.execute_script(
            "const i = arguments[0]; return [i.value, i.selectionEnd]", element))

    def settle(self, element_id):
        typing_lab.wait_settled(self.driver, element_id, quiet=0.3)

    def desktop(self, field, keys):
        """The text and caret of the same keys, one request at a time on the previous answer."""
        return typing_lab.one_at_a_time(self.port, field, keys)

    # MARK: Android keyboards

    # (field, input type, inputmode, the keyboard's actions, the keys a desktop types for the same text)
    COMPOSED = {
        "a card number, each digit a new composition of the group before the caret": (
            "credit_card", "text", "numeric",
            [step for c in "4242424242424242" for step in (("type", c), ("commit", ""))],
            list("4242424242424242")),
        "a card number as one long composition": (
            "credit_card", "text", "numeric", [("type", c) for c in "4242424242424242"] + [("commit", "")],
            list("4242424242424242")),
        "a mobile number in a tel input, backspaces recomposing the word": (
            "phone_cn", "tel", None,
            [step for c in "13800138001" for step in (("type", c), ("commit", ""))]
            + [("backspace", None), ("commit", ""), ("type", "0"), ("commit", "")],
            list("13800138001") + [Keys.BACKSPACE, "0"]),
        "an e-mail address with a suggestion tapped (its trailing space)": (
            "email", "email", None,
            [("type", c) for c in "jane"] + [("suggestion", "jane")]
            + [("type", c) for c in "@example.com"] + [("commit", "")],
            list("jane @example.com")),
        "a name with a suggestion and an autocorrection after the fact": (
            "full_name", "text", None,
            [("type", c) for c in "jan"] + [("suggestion", "Jane")]
            + [("type", c) for c in "smiht"] + [("commit", " "), ("autocorrect", ("smiht", "smith"))],
            list("Jane smith ")),
        "a composition shortened by backspaces before it is committed": (
            "credit_card", "text", "numeric",
            [("type", c) for c in "424242"] + [("backspace", None), ("backspace", None), ("type", "9"),
                                               ("commit", "")],
            list("424242") + [Keys.BACKSPACE, Keys.BACKSPACE, "9"]),
    }

    def play(self, keyboard, actions, interval=0.060):
        start = time.monotonic()
        for index, (action, argument) in enumerate(actions):
            delay = start + index * interval - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            if action == "type":
                keyboard.type(argument)
            elif action == "backspace":
                keyboard.backspace()
            elif action == "commit":
                keyboard.commit(argument)
            elif action == "suggestion":
                keyboard.suggestion(argument)
            elif action == "autocorrect":
                keyboard.autocorrect(*argument)

    def test_android_compositions_end_as_desktop_keys_at_every_round_trip(self):
        self.mobile(True)
        number = 0
        for name, (field, type_, inputmode, actions, keys) in self.COMPOSED.items():
            if os.environ.get("KEYBOARD_CASE", name) not in name:
                continue
            expected = self.desktop(field, keys)
            for round_trip in ROUND_TRIPS:
                with self.subTest(name, round_trip=round_trip):
                    number += 1
                    typing_lab.set_round_trip(self.driver, round_trip)
                    element_id = f"android-{number}"
                    element = self.attach(element_id, field, type_, inputmode)
                    self.play(AndroidKeyboard(self.driver, element), actions)
                    self.settle(element_id)
                    text, caret = self.shown(element)
                    # An email input has no selection the page can read: its caret is not compared.
                    self.assertEqual((text, caret if type_ != "email" else expected[1]), expected)
                    answer = self.driver.execute_script(f"return window.controllers['{element_id}'].answer")
                    self.assertEqual(answer["text"], text, "the messages shown are for another text")

    def test_keys_show_while_composing_and_the_composition_is_not_broken(self):
        # While the keyboard composes, the client does not touch the input (that would end the
        # composition on a phone): the keys show as the keyboard put them; answers wait for the commit.
        self.mobile(True)
        typing_lab.set_round_trip(self.driver, 150)
        element = self.attach("composing", "credit_card", "text", "numeric")
        keyboard = AndroidKeyboard(self.driver, element)
        for digit in "42424":
            keyboard.type(digit)
            time.sleep(0.2)  # an answer comes back meanwhile
        self.assertEqual(self.shown(element), ("42424", 5))
        keyboard.commit()
        self.settle("composing")
        self.assertEqual(self.shown(element), ("4242 4", 6))

    def test_uncancellable_edits_outside_a_composition_are_recorded_from_the_input_event(self):
        # Android Chrome's beforeinput for a keyboard's deletion or committed text can come uncancellable:
        # the browser makes the edit, and the client takes what changed from the input event.
        steps = [["deleteContentBackward", None], ["deleteContentBackward", None], ["insertText", "9"]]
        expected = self.desktop("credit_card", list("424242") + [Keys.BACKSPACE, Keys.BACKSPACE, "9"])
        for round_trip in (0, 400):
            with self.subTest(round_trip=round_trip):
                typing_lab.set_round_trip(self.driver, round_trip)
                element_id = f"uncancellable-{round_trip}"
                element = self.attach(element_id, "credit_card", "text", "numeric")
                typing_lab.type_keys(element, list("424242"))
                self.driver.execute_script("""
                    const [input, steps] = arguments;
                    for (const [type, data] of steps) {
                      const caret = input.selectionEnd;
                      const before = new InputEvent('beforeinput', {inputType: type, data, cancelable: false, bubbles: true});
                      input.dispatchEvent(before);
                      if (type === 'deleteContentBackward') input.setRangeText('', caret - 1, caret, 'end');
                      else input.setRangeText(data, caret, caret, 'end');
                      input.dispatchEvent(new InputEvent('input', {inputType: type, data, bubbles: true}));
                    }""", element, steps)
                self.settle(element_id)
                self.assertEqual(self.shown(element), expected)

    # MARK: word deletions (each key's own input type)

    def test_word_deletions_at_the_edge_of_the_shown_text_send_their_own_input_type(self):
        # The IBAN: Ctrl+A, 7, Ctrl+Delete while a request is in flight. The 7 cannot start an
        # IBAN, so the caret stays at the start; Ctrl+Delete deletes the first group, not one letter.
        keys = list("de89370400440532013000") + [Keys.CONTROL + "a", "7", Keys.CONTROL + Keys.DELETE]
        expected = self.desktop("iban", keys)
        self.assertEqual(expected, ("3704 0044 0532 0130 00", 0))
        for round_trip in (150, 400):
            with self.subTest(round_trip=round_trip):
                typing_lab.set_round_trip(self.driver, round_trip)
                element = self.attach(f"iban-{round_trip}", "iban")
                typing_lab.type_keys(element, keys)
                self.settle(f"iban-{round_trip}")
                self.assertEqual(self.shown(element), expected)

    def test_ctrl_backspace_and_delete_remove_words(self):
        cases = {
            "full_name": list("jane mary smith") + [Keys.CONTROL + Keys.BACKSPACE, "x"],
            "iban": list("de89370400440532013000") + [Keys.HOME, Keys.CONTROL + Keys.DELETE,
                                                      Keys.CONTROL + Keys.DELETE],
        }
        for field, keys in cases.items():
            expected = self.desktop(field, keys)
            for round_trip in (0, 400):
                with self.subTest(field=field, round_trip=round_trip):
                    typing_lab.set_round_trip(self.driver, round_trip)
                    element = self.attach(f"words-{field}-{round_trip}", field)
                    typing_lab.type_keys(element, keys)
                    self.settle(f"words-{field}-{round_trip}")
                    self.assertEqual(self.shown(element), expected)

    # MARK: autofill and password managers

    def autofill(self, element, value, how):
        """What autofill does to the page: `input` with no input type, `insertReplacementText`, only
        `change`, or the value set with no event at all."""
        self.driver.execute_script("""
            const [input, value, how] = arguments;
            if (how === 'replacement') input.dispatchEvent(new InputEvent('beforeinput',
              {inputType: 'insertReplacementText', data: value, bubbles: true, cancelable: true}));
            input.value = value;
            if (how === 'event') input.dispatchEvent(new Event('input', {bubbles: true}));
            if (how === 'change') input.dispatchEvent(new Event('change', {bubbles: true}));
            if (how === 'replacement') input.dispatchEvent(new InputEvent('input',
              {inputType: 'insertReplacementText', data: value, bubbles: true}));
        """, element, value, how)

    def test_autofill_formats_the_whole_text_and_the_state_follows(self):
        for how in ("event", "replacement", "change", "silent"):
            for round_trip in (0, 400):
                with self.subTest(how=how, round_trip=round_trip):
                    typing_lab.set_round_trip(self.driver, round_trip)
                    element_id = f"autofill-{how}-{round_trip}"
                    element = self.attach(element_id, "credit_card")
                    typing_lab.type_keys(element, list("42"))  # typed, still in flight at 400 ms
                    self.autofill(element, "4242424242424242", how)
                    if how == "silent":
                        # The answer for the keys typed comes before the user returns to the field: it is
                        # not shown over the value set meanwhile. That value shows formatted with focus.
                        time.sleep(round_trip / 1000 + 0.3)
                        self.driver.execute_script("arguments[0].blur(); arguments[0].focus()", element)
                    self.settle(element_id)
                    self.assertEqual(self.shown(element), ("4242 4242 4242 4242", 19))
                    answer = self.driver.execute_script(f"return window.controllers['{element_id}'].answer")
                    self.assertEqual((answer["text"], answer["state"], answer["value"]),
                                     ("4242 4242 4242 4242", "valid", "4242424242424242"))
                    # Not a step of undo: Ctrl+Z does not bring back what autofill replaced.
                    element.send_keys(Keys.CONTROL, "z")
                    self.settle(element_id)
                    self.assertEqual(self.shown(element)[0], "4242 4242 4242 4242")

    def test_autofill_of_a_wrong_number_shows_its_error_and_typing_goes_on(self):
        element = self.attach("autofill-wrong", "credit_card")
        self.autofill(element, "5555555555554445", "event")
        self.settle("autofill-wrong")
        answer = self.driver.execute_script("return window.controllers['autofill-wrong'].answer")
        self.assertEqual(answer["state"], "invalid")
        self.driver.execute_script("arguments[0].blur()", element)
        WebDriverWait(self.driver, 5).until(lambda d: element.get_attribute("aria-invalid") == "true")
        self.assertNotEqual(self.errors(element), "")
        # The user corrects the last digit: a key on the autofilled text, as on any other.
        element.click()
        self.driver.execute_script("arguments[0].setSelectionRange(19, 19)", element)
        typing_lab.type_keys(element, [Keys.BACKSPACE, "4"])
        self.settle("autofill-wrong")
        self.assertEqual(self.shown(element), ("5555 5555 5555 4444", 19))

    # MARK: screen readers

    def errors(self, element):
        return self.driver.execute_script(
            "const e = document.getElementById(arguments[0].getAttribute('aria-errormessage'));"
            "return e.hidden ? '' : e.textContent", element)

    def ax_node(self, dom_id):
        """The accessibility node of the element with `dom_id`, from Chromium's full accessibility tree."""
        cdp = self.driver.execute_cdp_cmd
        cdp("Accessibility.enable", {})
        document = cdp("DOM.getDocument", {"depth": 0})
        node = cdp("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": f"#{dom_id}"})
        backend = cdp("DOM.describeNode", {"nodeId": node["nodeId"]})["node"]["backendNodeId"]
        tree = cdp("Accessibility.getFullAXTree", {})["nodes"]
        found = [each for each in tree if each.get("backendDOMNodeId") == backend]
        self.assertTrue(found, f"#{dom_id} is not in the accessibility tree")
        each = found[0]
        properties = {p["name"]: p["value"] for p in each.get("properties", [])}
        return each, properties

    def test_errors_are_announced_once_in_a_polite_live_region_and_linked_to_the_input(self):
        element = self.attach("a11y-email", "email", "email")
        # Count what the live region says, and every time the input's whole value is set.
        self.driver.execute_script("""
            const input = arguments[0];
            const live = input.parentElement.querySelector('.smarttext-live');
            window.spoken = [];
            new MutationObserver(() => window.spoken.push(live.textContent))
              .observe(live, {childList: true, characterData: true, subtree: true});
        """, element)
        typing_lab.type_keys(element, list("jane@@example.com"))
        self.settle("a11y-email")
        # Incomplete or wrong, but the user is still typing: nothing said, not invalid yet.
        self.assertEqual(self.driver.execute_script("return window.spoken"), [])
        _, properties = self.ax_node("a11y-email")
        self.assertNotEqual(properties.get("invalid", {}).get("value"), "true")
        self.driver.execute_script("arguments[0].blur()", element)
        WebDriverWait(self.driver, 5).until(lambda d: element.get_attribute("aria-invalid") == "true")
        spoken = self.driver.execute_script("return window.spoken")
        self.assertEqual(len(spoken), 1, spoken)
        self.assertIn("valid email address", spoken[0])
        # Leaving again with the same error says nothing more.
        element.click()
        self.driver.execute_script("arguments[0].blur()", element)
        time.sleep(0.3)
        self.assertEqual(len(self.driver.execute_script("return window.spoken")), 1)

        node, properties = self.ax_node("a11y-email")
        self.assertEqual(properties["invalid"]["value"], "true")
        error_id = element.get_attribute("aria-errormessage")
        _, error_properties = self.ax_node(error_id)
        described = self.driver.execute_script(
            "return arguments[0].getAttribute('aria-describedby').split(' ')", element)
        self.assertIn(error_id, described)
        # Chromium's tree: the input's description is the error, and the live region is polite.
        self.assertIn("valid email address", node.get("description", {}).get("value", ""))
        live = self.driver.execute_script(
            "const l = arguments[0].parentElement.querySelector('.smarttext-live'); l.id ||= 'a11y-live'; return l.id",
            element)
        _, live_properties = self.ax_node(live)
        self.assertEqual(live_properties["live"]["value"], "polite")

    def test_reformatting_never_sets_the_whole_value_while_typing(self):
        # A screen reader reads the whole field again when its value is replaced; the client changes
        # only what differs (setRangeText), so each key is read as itself.
        element = self.attach("a11y-card", "credit_card", "text", "numeric")
        self.driver.execute_script("""
            const input = arguments[0];
            const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
            window.wholeSets = 0;
            Object.defineProperty(input, 'value', {get() { return own.get.call(this); },
              set(v) { window.wholeSets++; own.set.call(this, v); }});
        """, element)
        typing_lab.set_round_trip(self.driver, 150)
        typing_lab.type_keys(element, list("4242424242424242"))
        self.settle("a11y-card")
        self.assertEqual(self.shown(element), ("4242 4242 4242 4242", 19))
        self.assertEqual(self.driver.execute_script("return window.wholeSets"), 0)
        _, properties = self.ax_node("a11y-card")
        self.assertNotEqual(properties.get("invalid", {}).get("value"), "true")

    def test_submit_marks_the_wrong_fields_invalid(self):
        self.driver.find_element("css selector", "#signup button[type=submit]").click()
        confirm = self.driver.find_element("id", "signup-email")
        WebDriverWait(self.driver, 5).until(lambda d: confirm.get_attribute("aria-invalid") == "true")
        _, properties = self.ax_node("signup-email")
        self.assertEqual(properties["invalid"]["value"], "true")

    # MARK: a team's own checks and backend

    TEAM_FORM = """
        const done = arguments[arguments.length - 1];
        const form = document.createElement('form');
        form.id = 'team';
        for (const name of ['username', 'email', 'phone_cn', 'password', 'password_confirm']) {
          const input = document.createElement('input');
          input.name = name; input.id = 'team-' + name;
          form.append(input);
        }
        document.body.prepend(form);
        window.checkCalls = [];
        import('/smarttext.js').then(async (m) => {
          window.team = await m.attachForm(form, {
            form: 'signup', checkDelay: 200,
            checks: { username: async (value) => {
              window.checkCalls.push(value);
              await new Promise((resolve) => setTimeout(resolve, 50));
              return value === 'taken_name' ? 'That username is taken' : null;
            } },
            onSubmit: async (values) => {
              window.submitted = values;
              return { valid: false, fields: {},
                       errors: [{ field: 'email', rule: 'registered', message: 'This email is already registered' }] };
            },
          });
          done();
        });
    """

    def field_errors(self, element_id):
        return self.driver.execute_script(
            "const e = document.getElementById(arguments[0] + '-errors'); return e.hidden ? '' : e.textContent",
            element_id)

    def test_a_team_check_runs_when_typing_pauses_and_a_backend_answer_lands_on_its_field(self):
        self.driver.execute_async_script(self.TEAM_FORM)
        username = self.driver.find_element("id", "team-username")
        username.click()
        typing_lab.set_round_trip(self.driver, 150)
        typing_lab.type_keys(username, list("taken_name"))
        WebDriverWait(self.driver, 5).until(lambda d: "taken" in self.field_errors("team-username"))
        # Debounced: one check, of the whole name, not one per key.
        self.assertEqual(self.driver.execute_script("return window.checkCalls"), ["taken_name"])
        # Blocked on submit too, with the same message, from the check's last run.
        self.driver.execute_script("document.getElementById('team').requestSubmit()")
        time.sleep(0.6)
        self.assertIsNone(self.driver.execute_script("return window.submitted ?? null"))
        self.assertIn("taken", self.field_errors("team-username"))
        typing_lab.set_round_trip(self.driver, 0)
        username.click()
        username.send_keys(Keys.CONTROL, "a")
        typing_lab.type_keys(username, list("jane_doe"))
        WebDriverWait(self.driver, 5).until(lambda d: self.field_errors("team-username") == "")
        values = {"email": "jane@example.com", "phone_cn": "13800138000", "password": "Tr0ub4dor&3xyz!",
                  "password_confirm": "Tr0ub4dor&3xyz!"}
        for name, text in values.items():
            element = self.driver.find_element("id", f"team-{name}")
            element.click()
            typing_lab.type_keys(element, list(text))
        self.driver.execute_script("document.getElementById('team').requestSubmit()")
        WebDriverWait(self.driver, 5).until(lambda d: "already registered" in self.field_errors("team-email"))
        self.assertEqual(self.driver.execute_script("return window.submitted.username"), "jane_doe")
        self.assertEqual(self.field_errors("team-username"), "")
        self.assertEqual(self.driver.find_element("id", "team-email").get_attribute("aria-invalid"), "true")


if __name__ == "__main__":
    if not SERVER:
        sys.exit("usage: test_keyboards.py PATH/TO/smarttext-server")
    unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[2:])
