#!/usr/bin/env python3
"""End-to-end tests of the web client in real headless Chromium.

    test_browser.py PATH/TO/smarttext-server [ARTIFACT_DIR]

Starts the server (built-in registry) on a free port, opens the playground at
`/` in headless Chromium through chromedriver, and types, pastes, deletes and
undoes with real key events. Saves a screenshot of the playground in
ARTIFACT_DIR (default: artifacts/).
"""
import os
import sys
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import typing_lab

SERVER = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
ARTIFACTS = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(os.getcwd(), "artifacts")



class Browser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = typing_lab.LiveServer(SERVER)
        cls.port = cls.server.port
        cls.driver = typing_lab.chromium(script_timeout=20)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    # MARK: helpers

    def setUp(self):
        typing_lab.set_round_trip(self.driver, 0)
        self.open_playground()

    def tearDown(self):
        typing_lab.set_round_trip(self.driver, 0)

    def open_playground(self, query=""):
        self.driver.get(f"http://127.0.0.1:{self.port}/{query}")
        WebDriverWait(self.driver, 15).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))

    def field(self, name):
        return self.driver.find_element(By.ID, f"field-{name}")

    def value(self, element):
        return element.get_property("value")

    def caret(self, element):
        return self.driver.execute_script("return arguments[0].selectionStart", element)

    def settle(self, element):
        """Waits until the client has no edit in flight (the last answer applied)."""
        previous = None
        for _ in range(100):
            current = (self.value(element), self.caret(element))
            if current == previous:
                return
            previous = current
            time.sleep(0.05)

    def type(self, element, keys):
        element.send_keys(keys)
        self.settle(element)

    def put_caret(self, element, offset):
        self.driver.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[1])",
                                   element, offset)

    def copy_to_clipboard(self, text):
        """Copies with a real Ctrl+C from a scratch textarea, so Ctrl+V gives a real insertFromPaste."""
        scratch = self.driver.execute_script(
            "const t = document.createElement('textarea'); t.id = 'scratch'; t.value = arguments[0];"
            "document.body.append(t); t.select(); return t;", text)
        scratch.send_keys(Keys.CONTROL, "c")
        self.driver.execute_script("arguments[0].remove()", scratch)

    def errors_text(self, input_id):
        return self.driver.execute_script(
            "const e = document.getElementById(arguments[0] + '-errors'); return e.hidden ? '' : e.textContent;",
            input_id)

    def fill_signup(self, confirmation):
        """Types a valid signup form, field by field, with `confirmation` as the repeated password."""
        values = {"username": "jane_doe", "email": "jane@example.com", "phone_cn": "13800138000",
                  "password": "Tr0ub4dor&3xyz!", "password_confirm": confirmation}
        for name, text in values.items():
            element = self.driver.find_element(By.ID, f"signup-{name}")
            element.click()
            self.type(element, text)

    # MARK: tests

    def test_typing_a_chinese_mobile_number(self):
        phone = self.field("phone_cn")
        phone.click()
        for digit in "13800138000":
            self.type(phone, digit)
        self.assertEqual(self.value(phone), "138 0013 8000")
        self.assertEqual(self.caret(phone), 13)

    def test_a_digit_inserted_in_the_middle_keeps_the_caret_after_it(self):
        card = self.field("credit_card")
        card.click()
        self.type(card, "42424242")
        self.assertEqual(self.value(card), "4242 4242")
        self.put_caret(card, 2)
        self.type(card, "9")
        self.assertEqual(self.value(card), "4294 2424 2")
        self.assertEqual(self.caret(card), 3)

    def test_backspace_right_after_a_separator_deletes_the_digit_before_it(self):
        card = self.field("credit_card")
        card.click()
        self.type(card, "42424242")
        self.put_caret(card, 5)
        self.type(card, Keys.BACKSPACE)
        self.assertEqual(self.value(card), "4244 242")
        self.assertEqual(self.caret(card), 3)

    def test_pasting_a_dashed_card_number_formats_it(self):
        self.copy_to_clipboard("4242-4242-4242-4242")
        card = self.field("credit_card")
        card.click()
        card.send_keys(Keys.CONTROL, "v")
        self.settle(card)
        self.assertEqual(self.value(card), "4242 4242 4242 4242")
        self.assertEqual(self.caret(card), 19)

    def test_an_invalid_email_shows_its_error_only_after_leaving_the_field(self):
        email = self.field("email")
        email.click()
        self.type(email, "jane@@example.com")
        self.assertEqual(self.errors_text("field-email"), "")
        self.field("full_name").click()
        WebDriverWait(self.driver, 5).until(lambda d: self.errors_text("field-email") != "")
        self.assertIn("valid email address", self.errors_text("field-email"))
        self.assertEqual(email.get_attribute("aria-invalid"), "true")

    def test_signup_with_different_passwords_shows_the_error_under_the_confirmation(self):
        self.fill_signup(confirmation="Tr0ub4dor&3xyz?")
        self.driver.find_element(By.CSS_SELECTOR, "#signup button[type=submit]").click()
        WebDriverWait(self.driver, 5).until(lambda d: self.errors_text("signup-password_confirm") != "")
        self.assertIn("must match", self.errors_text("signup-password_confirm"))
        self.assertEqual(self.errors_text("signup-password"), "")
        self.assertEqual(self.driver.find_element(By.ID, "signup-result").text, "")

    def test_enter_moves_to_the_next_field_of_the_form(self):
        username = self.driver.find_element(By.ID, "signup-username")
        username.click()
        self.assertEqual(username.get_attribute("enterkeyhint"), "next")
        username.send_keys(Keys.ENTER)
        active = self.driver.switch_to.active_element
        self.assertEqual(active.get_attribute("id"), "signup-email")

    def test_enter_on_the_last_field_of_the_form_submits_it(self):
        self.fill_signup(confirmation="Tr0ub4dor&3xyz!")
        last = self.driver.find_element(By.ID, "signup-password_confirm")
        self.assertEqual(last.get_attribute("enterkeyhint"), "done")
        last.send_keys(Keys.ENTER)
        result = self.driver.find_element(By.ID, "signup-result")
        WebDriverWait(self.driver, 5).until(lambda d: result.text != "")
        self.assertTrue(result.text.startswith("Valid: "), result.text)
        self.assertIn('"phone_cn":"13800138000"', result.text)

    def attach_with_fetch(self, input_id, field, fetch_source):
        """Attaches a new input at the top of the page with a fetch wrapper
        (`fetch_source` is a JS function expression of (url, init, real));
        the controller is `window.controllers[input_id]`."""
        return self.driver.execute_async_script(
            "const [id, field, source, done] = arguments;"
            "const input = document.createElement('input'); input.id = id; document.body.prepend(input);"
            "const real = window.fetch.bind(window);"
            "const wrapper = eval('(' + source + ')');"
            "import('/smarttext.js').then(async m => {"
            "  const c = m.attach(input, {field, fetch: (url, init) => wrapper(String(url), init, real)});"
            "  await c.ready; (window.controllers ||= {})[id] = c; done(input);"
            "});", input_id, field, fetch_source)

    def test_keystrokes_faster_than_the_service_are_applied_in_order(self):
        card = self.attach_with_fetch(
            "slow-card", "credit_card",
            "async (url, init, real) => { if (url.includes('/v1/edit')) await new Promise(r => setTimeout(r, 60));"
            " return real(url, init); }")
        card.click()
        card.send_keys("4242424242424242")  # all sent before the first answer comes back
        WebDriverWait(self.driver, 10).until(lambda d: self.value(card) == "4242 4242 4242 4242")
        self.assertEqual(self.caret(card), 19)

    def test_a_late_validation_answer_does_not_undo_a_later_keystroke(self):
        # The blur validation's request leaves first but its answer comes back
        # after the next keystroke's: it is older than the newest request and dropped.
        card = self.attach_with_fetch(
            "late-blur", "credit_card",
            "async (url, init, real) => { if (url.includes('/v1/format')) await new Promise(r => setTimeout(r, 400));"
            " return real(url, init); }")
        card.click()
        self.type(card, "4242")
        self.driver.execute_script("window.lateBlur = window.controllers['late-blur'].validate('blur')")
        self.type(card, "4")
        self.assertEqual(self.value(card), "4242 4")
        stale = self.driver.execute_async_script(
            "const done = arguments[0]; window.lateBlur.then(a => done(a && a.text));")
        self.assertEqual(stale, "4242")  # the answer arrived, for the old text...
        self.assertEqual(self.value(card), "4242 4")  # ...and changed nothing
        self.assertEqual(self.driver.execute_script("return window.controllers['late-blur'].answer.text"), "4242 4")
        self.assertEqual(self.errors_text("late-blur"), "")

    def test_an_edit_the_service_refuses_is_not_made_and_says_why(self):
        # A text over the service's --max-text (10,000 UTF-16 units) is refused with a 4xx:
        # the edit is not made, the problem is shown, the field keeps its service.
        element = self.attach_with_fetch("too-long", "full_name", "(url, init, real) => real(url, init)")
        self.driver.execute_script("arguments[0].value = 'a'.repeat(10000)", element)
        self.put_caret(element, 10000)
        self.type(element, "b")
        self.assertEqual(len(self.value(element)), 10000)
        self.assertIn("--max-text", self.errors_text("too-long"))
        self.assertTrue(self.driver.execute_script("return window.controllers['too-long'].available"))
        self.driver.execute_script("arguments[0].value = 'jane'", element)
        self.put_caret(element, 4)
        self.type(element, "t")
        self.assertEqual(self.value(element), "janet")

    def test_a_server_error_makes_it_a_plain_input(self):
        element = self.attach_with_fetch(
            "draining", "credit_card",
            "async (url, init, real) => url.includes('/v1/edit')"
            " ? new Response('{\"status\":503}', {status: 503, headers: {'Content-Type': 'application/problem+json'}})"
            " : real(url, init)")
        element.click()
        self.type(element, "4242")
        WebDriverWait(self.driver, 5).until(
            lambda d: d.execute_script("return !window.controllers['draining'].available"))
        # Nothing typed is lost, and from now on it takes what a plain input takes.
        self.type(element, "x")
        self.assertEqual(self.value(element), "4242x")

    def test_undo_after_an_edit_restores_the_previous_text(self):
        card = self.field("credit_card")
        card.click()
        self.copy_to_clipboard("4242")
        card.send_keys(Keys.CONTROL, "v")
        self.settle(card)
        self.assertEqual(self.value(card), "4242")
        self.type(card, "5")
        self.assertEqual(self.value(card), "4242 5")
        card.send_keys(Keys.CONTROL, "z")
        self.settle(card)
        self.assertEqual(self.value(card), "4242")
        card.send_keys(Keys.CONTROL, Keys.SHIFT, "z")
        self.settle(card)
        self.assertEqual(self.value(card), "4242 5")

    def test_ime_composition_is_sent_as_one_edit_when_it_ends(self):
        card = self.field("credit_card")
        card.click()
        self.driver.execute_cdp_cmd("Input.imeSetComposition", {"text": "４２", "selectionStart": 2, "selectionEnd": 2})
        self.assertEqual(self.value(card), "４２")
        self.driver.execute_cdp_cmd("Input.insertText", {"text": "４２４２５"})
        self.settle(card)
        self.assertEqual(self.value(card), "4242 5")

    def test_hints_are_set_from_the_field(self):
        card = self.field("credit_card")
        self.assertEqual(card.get_attribute("inputmode"), "numeric")
        self.assertEqual(card.get_attribute("autocomplete"), "cc-number")
        self.assertEqual(card.get_attribute("placeholder"), "1234 5678 9012 3456")

    def test_without_the_service_the_input_is_a_plain_input(self):
        element = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const input = document.createElement('input'); input.id = 'offline'; document.body.prepend(input);"
            "import('/smarttext.js').then(m => { m.attach(input, {field: 'credit_card',"
            " baseURL: 'http://127.0.0.1:9'}); done(input); });")
        element.click()
        self.type(element, "4242x")
        self.assertEqual(self.value(element), "4242x")

    def test_answers_older_than_the_newest_request_are_dropped(self):
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const input = document.createElement('input'); input.id = 'stale'; document.body.prepend(input);"
            "input.value = 'abc';"
            "import('/smarttext.js').then(async m => {"
            "  const real = window.fetch.bind(window);"
            "  let calls = 0;"
            "  const slowFirst = async (url, init) => {"
            "    const call = ++calls;"
            "    const response = await real(url, init);"
            "    if (String(url).includes('/v1/format') && call === 2) await new Promise(r => setTimeout(r, 300));"
            "    return response;"
            "  };"
            "  const c = m.attach(input, {field: 'full_name', fetch: slowFirst});"
            "  await c.ready; input.focus();"
            "  const first = c.validate('blur');"
            "  input.value = 'abcd';"
            "  const second = c.validate('change');"
            "  await Promise.all([first, second]);"
            "  done(c.answer.text);"
            "});")
        self.assertEqual(result, "abcd")

    # MARK: latency (issue 15): keys show at once at any round trip, and end as with no latency

    ROUND_TRIPS = (0, 150, 400)

    def typed_at(self, round_trip, field, keys, element_id=None, before=None):
        """Types `keys` at one key every 60 ms into a new input attached to `field`, the network's
        round trip `round_trip` ms; returns the recording once the field has settled."""
        element_id = element_id or f"lab-{field}-{round_trip}"
        typing_lab.set_round_trip(self.driver, round_trip)
        element = typing_lab.attach(self.driver, element_id, field)
        if before:
            before(element)
        typing_lab.type_keys(element, keys)
        typing_lab.wait_settled(self.driver, element_id)
        return element, typing_lab.record(self.driver)

    def report(self, name, round_trip, lab):
        shown = typing_lab.key_to_visible(lab)
        median, p95 = typing_lab.summary(shown)
        print(f"\n    {name} at {round_trip} ms: key to visible median {median:.1f} ms, p95 {p95:.1f} ms; "
              f"final text {typing_lab.final_text_delay(lab):.0f} ms after the last key", file=sys.stderr)

    def assert_no_stale_messages(self, lab):
        # Every answer shown (its messages) was for the text shown at that moment.
        for answer_text, shown, event in lab["answers"]:
            if event == "change":
                self.assertEqual(answer_text, shown, "an answer for an older text was shown")

    def test_fast_typing_ends_as_with_no_latency_at_every_round_trip(self):
        keys = list("4242424242424242")
        for round_trip in self.ROUND_TRIPS:
            with self.subTest(round_trip=round_trip):
                element, lab = self.typed_at(round_trip, "credit_card", keys)
                self.assertEqual((self.value(element), self.caret(element)), ("4242 4242 4242 4242", 19))
                self.assert_no_stale_messages(lab)
                self.report("16 card digits", round_trip, lab)

    def test_a_caret_move_during_a_request_is_honoured(self):
        keys = list("42424242") + [Keys.HOME, "1"]
        expected = typing_lab.one_at_a_time(self.port, "credit_card", keys)
        self.assertEqual(expected, ("1424 2424 2", 1))
        for round_trip in self.ROUND_TRIPS:
            with self.subTest(round_trip=round_trip):
                element, _ = self.typed_at(round_trip, "credit_card", keys)
                self.assertEqual((self.value(element), self.caret(element)), expected)

    def test_deletions_and_moves_during_requests_end_as_with_no_latency(self):
        cases = {
            "phone_cn": list("13800138000") + [Keys.BACKSPACE, Keys.BACKSPACE, "9", Keys.HOME, Keys.DELETE, "1"],
            "amount": list("1000") + [Keys.HOME, Keys.DELETE, "2", Keys.END, ".", "5"],
            "card_expiry": list("1230") + [Keys.BACKSPACE, Keys.BACKSPACE, Keys.BACKSPACE, "5"],
            "iban": list("de89370400440532013000") + [Keys.HOME, Keys.DELETE, Keys.DELETE],
        }
        for field, keys in cases.items():
            expected = typing_lab.one_at_a_time(self.port, field, keys)
            for round_trip in (150, 400):
                with self.subTest(field=field, round_trip=round_trip):
                    element, _ = self.typed_at(round_trip, field, keys)
                    self.assertEqual((self.value(element), self.caret(element)), expected)

    def test_a_paste_during_a_request_lands_where_it_was_made(self):
        self.copy_to_clipboard("4242")
        keys = list("4242") + [Keys.CONTROL + "v"] + list("42")
        for round_trip in self.ROUND_TRIPS:
            with self.subTest(round_trip=round_trip):
                element, _ = self.typed_at(round_trip, "credit_card", keys)
                self.assertEqual((self.value(element), self.caret(element)), ("4242 4242 42", 12))

    def test_letters_in_a_digits_field_never_show(self):
        for round_trip in (0, 400):
            with self.subTest(round_trip=round_trip):
                element, lab = self.typed_at(round_trip, "credit_card", list("42a4b2x4"))
                self.assertEqual(self.value(element), "4242 4")
                shown = {frame[1] for frame in lab["frames"]}
                self.assertFalse(any(letter in text for text in shown for letter in "abx"), shown)

    def test_the_service_offline_mid_typing_loses_nothing_and_formats_again_when_back(self):
        element, _ = self.typed_at(150, "credit_card", list("4242"), element_id="lab-offline")
        self.assertEqual(self.value(element), "4242")
        typing_lab.set_round_trip(self.driver, 150, offline=True)
        typing_lab.type_keys(element, list("42x"))
        time.sleep(0.5)
        self.assertEqual(self.value(element), "424242x")  # a plain input: nothing lost
        typing_lab.set_round_trip(self.driver, 150)
        typing_lab.type_keys(element, ["4"])
        typing_lab.wait_settled(self.driver, "lab-offline")
        self.assertEqual(self.value(element), "4242 424")  # the next edit formats the whole text

    def test_submit_with_the_service_down_still_submits(self):
        self.fill_signup(confirmation="Tr0ub4dor&3xyz!")
        typing_lab.set_round_trip(self.driver, 0, offline=True)
        self.driver.find_element(By.CSS_SELECTOR, "#signup button[type=submit]").click()
        result = self.driver.find_element(By.ID, "signup-result")
        WebDriverWait(self.driver, 10).until(lambda d: result.text != "")
        # The form goes as typed (the service could not format or check it).
        self.assertTrue(result.text.startswith("Sent unchecked"), result.text)
        self.assertIn('"phone_cn":"138 0013 8000"', result.text)

    def test_a_value_already_there_is_formatted_when_attached(self):
        element = self.driver.execute_async_script(
            "const done = arguments[0];"
            "const input = document.createElement('input'); input.id = 'prefilled'; input.value = '4242424242424242';"
            "document.body.prepend(input);"
            "import('/smarttext.js').then(async m => { await m.attach(input, {field: 'credit_card'}).ready;"
            " done(input); });")
        self.assertEqual(self.value(element), "4242 4242 4242 4242")

    def test_undo_goes_back_to_the_text_before_each_key_at_a_round_trip(self):
        element, _ = self.typed_at(400, "credit_card", list("42424"), element_id="lab-undo")
        self.assertEqual(self.value(element), "4242 4")
        element.send_keys(Keys.CONTROL, "z")
        self.settle(element)
        self.assertEqual(self.value(element), "4242")
        element.send_keys(Keys.CONTROL, Keys.SHIFT, "z")
        self.settle(element)
        self.assertEqual(self.value(element), "4242 4")

    def test_the_react_hook_in_chromium(self):
        # React from Debian's node-react and node-react-dom (UMD builds), the hook (clients/web/react.js)
        # loaded as a module whose `react` import is that React.
        umd = "/usr/share/nodejs/{0}/umd/{1}.production.min.js"
        react = [umd.format("react", "react"), umd.format("react-dom", "react-dom")]
        if not all(os.path.exists(path) for path in react):
            self.skipTest("node-react and node-react-dom are not installed")
        # A page without the playground's Content-Security-Policy, which refuses blob: modules.
        self.driver.get(f"http://127.0.0.1:{self.port}/smarttext.js")
        self.driver.execute_script("document.body.textContent = ''")
        for path in react:
            with open(path, encoding="utf-8") as source:
                self.driver.execute_script(source.read())
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "clients", "web", "react.js"),
                  encoding="utf-8") as source:
            hook = source.read().replace('import React from "react";', "const React = window.React;").replace(
                '"./smarttext.js"', f'"http://127.0.0.1:{self.port}/smarttext.js"')
        element = self.driver.execute_async_script(
            "const [hookSource, done] = arguments;"
            "const url = URL.createObjectURL(new Blob([hookSource], {type: 'text/javascript'}));"
            "import(url).then(({useSmartText}) => {"
            "  const root = document.createElement('div'); document.body.prepend(root);"
            "  function Card() {"
            "    const card = window.cardHook = useSmartText({field: 'credit_card'});"
            "    return React.createElement('div', null, React.createElement('input', {...card.inputProps, id: 'react-card'}),"
            "      React.createElement('output', {id: 'react-value'}, card.value + '|' + card.state));"
            "  }"
            "  ReactDOM.createRoot(root).render(React.createElement(Card));"
            "  const wait = () => window.cardHook && window.cardHook.hints ? done(document.getElementById('react-card'))"
            "    : setTimeout(wait, 20);"
            "  wait();"
            "});", hook)
        self.assertEqual(element.get_attribute("inputmode"), "numeric")
        element.click()
        # A Mastercard number stops at 16 digits (a Visa number may go on to 19): the 17th is refused.
        self.type(element, "5555x5555555544449")
        self.assertEqual(self.value(element), "5555 5555 5555 4444")
        output = self.driver.find_element(By.ID, "react-value")
        WebDriverWait(self.driver, 5).until(lambda d: output.text == "5555555555554444|valid")

    def test_zz_screenshot_of_the_playground(self):
        os.makedirs(ARTIFACTS, exist_ok=True)
        card = self.field("credit_card")
        card.click()
        self.type(card, "4242424242424242")
        path = os.path.join(ARTIFACTS, "playground.png")
        self.driver.save_screenshot(path)
        self.assertGreater(os.path.getsize(path), 10_000)


if __name__ == "__main__":
    if not SERVER:
        sys.exit("usage: test_browser.py PATH/TO/smarttext-server [ARTIFACT_DIR]")
    unittest.main(argv=[sys.argv[0], "-v"])
