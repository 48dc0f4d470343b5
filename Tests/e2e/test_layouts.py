#!/usr/bin/env python3
"""A layout switch while typing fast (issue 28), in real headless Chromium.

    test_layouts.py PATH/TO/smarttext-server

The web client knows nothing of masks: it shows each key at once and takes the service's layout when the
answer comes, which may lay the text out again (a CPF's 12th digit makes it a CNPJ; a Brazilian phone's 11th
digit opens the optional part; a MAC address shows placeholders from the first key; a month's two digits become
its name, `31 12` is `31 Dec `). Each sequence is typed at a
fast human pace (one key every 60 ms) under DevTools network emulation at 0, 150 and 400 ms round trips, into an
input attached to the built-in field, and must end with the text, caret and `meta.mask` that typing the same
keys one request at a time gives (`typing_lab.one_at_a_time_answer`). On the way, every frame the browser
painted shows the keys typed so far, none lost or out of order (its letters and digits are a beginning of what
was typed), and no frame after the last answer shows another text than the last one.
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
ROUND_TRIPS = (0, 150, 400)
BACKSPACE, SELECT_ALL, PASTE = Keys.BACKSPACE, Keys.CONTROL + "a", Keys.CONTROL + "v"

CPF = "11144477735"
CNPJ = "11222333000181"



def significant(text):
    """The letters and digits of a text, upper-cased (what was typed, without a layout's literals and
    placeholders)."""
    return "".join(character for character in text if character.isalnum()).upper()


class LayoutSwitches(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = typing_lab.LiveServer(SERVER)
        cls.port = cls.server.port
        cls.driver = typing_lab.chromium(script_timeout=20)
        cls.started = time.monotonic()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        print(f"\n    layout switches: {time.monotonic() - cls.started:.0f} s in Chromium", file=sys.stderr)

    def setUp(self):
        typing_lab.set_round_trip(self.driver, 0)
        self.driver.get(f"http://127.0.0.1:{self.port}/")
        WebDriverWait(self.driver, 15).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))

    def tearDown(self):
        typing_lab.set_round_trip(self.driver, 0)

    # MARK: helpers

    def copy_to_clipboard(self, text):
        """Copies with a real Ctrl+C from a scratch textarea, so Ctrl+V gives a real insertFromPaste."""
        scratch = self.driver.execute_script(
            "const t = document.createElement('textarea'); t.id = 'scratch'; t.value = arguments[0];"
            "document.body.append(t); t.select(); return t;", text)
        scratch.send_keys(Keys.CONTROL, "c")
        self.driver.execute_script("arguments[0].remove()", scratch)

    def shown(self, element_id):
        """The input's text and caret, and the `meta.mask` and text of the last answer shown."""
        return self.driver.execute_script(
            "const i = document.getElementById(arguments[0]); const a = window.controllers[arguments[0]].answer;"
            "return [i.value, i.selectionStart, a && a.meta ? a.meta.mask ?? null : null, a ? a.text : null];",
            element_id)

    def check(self, field, keys, typed, clipboard=""):
        """Types `keys` into `field` at every round trip. `typed`: the letters and digits the user means at
        each point (every frame shows a beginning of one of them)."""
        if clipboard:
            self.copy_to_clipboard(clipboard)
        text, caret, answer = typing_lab.one_at_a_time_answer(self.port, field, keys, clipboard)
        expected = (text, caret, (answer.get("meta") or {}).get("mask"))
        for round_trip in ROUND_TRIPS:
            with self.subTest(field=field, round_trip=round_trip):
                element_id = f"layout-{field}-{round_trip}-{len(keys)}"
                typing_lab.set_round_trip(self.driver, round_trip)
                element = typing_lab.attach(self.driver, element_id, field)
                typing_lab.type_keys(element, keys)
                typing_lab.wait_settled(self.driver, element_id)
                value, shown_caret, mask, answer_text = self.shown(element_id)
                self.assertEqual((value, shown_caret, mask), expected)
                self.assertEqual(answer_text, value, "the last answer shown is not for the text shown")
                lab = typing_lab.record(self.driver)
                # No key lost or out of order in any frame: what it shows is a beginning of what was typed.
                for frame in lab["frames"]:
                    self.assertTrue(any(each.startswith(significant(frame[1])) for each in typed),
                                    f"a frame showed {frame[1]!r}, typing {typed}; the frames (ms, text, caret): "
                                    + "; ".join(f"{t:.0f} {text!r} {caret}" for t, text, caret, _ in lab["frames"]))
                # Once the last answer is shown, nothing else is.
                last_answer = lab["answerTimes"][-1]
                after = [frame for frame in lab["frames"] if frame[0] > last_answer]
                self.assertEqual({(frame[1], frame[2]) for frame in after} - {(value, shown_caret)}, set(),
                                 "a frame after the last answer showed another text")
                shown_delays = typing_lab.key_to_visible(lab)
                median, p95 = typing_lab.summary(shown_delays)
                print(f"\n    {field} at {round_trip} ms: {len(keys)} keys, {len(lab['frames'])} frames, key to "
                      f"visible median {median:.1f} ms, p95 {p95:.1f} ms; final text "
                      f"{typing_lab.final_text_delay(lab):.0f} ms after the last key", file=sys.stderr)
        return expected

    # MARK: tests

    def test_the_playground_shows_the_new_masks(self):
        for name in ("tax_id_br", "phone_br", "mac_address", "date_weekday"):
            self.assertTrue(self.driver.find_element(By.ID, f"field-{name}").is_displayed(), name)
        tax_id = self.driver.find_element(By.ID, "field-tax_id_br")
        tax_id.click()
        tax_id.send_keys(CNPJ)
        answer = self.driver.find_element(By.ID, "answer-tax_id_br")
        WebDriverWait(self.driver, 10).until(lambda d: '"mask": "cnpj"' in answer.text)
        self.assertEqual(tax_id.get_property("value"), "11.222.333/0001-81")
        self.assertIn('"state": "valid"', answer.text)
        # The month's and the weekday's names (issue 28) are among the playground's fields too.
        weekday = self.driver.find_element(By.ID, "field-date_weekday")
        weekday.click()
        weekday.send_keys("31122024")
        answer = self.driver.find_element(By.ID, "answer-date_weekday")
        WebDriverWait(self.driver, 10).until(lambda d: '"date": "2024-12-31"' in answer.text)
        self.assertEqual(weekday.get_property("value"), "Tue, 31 Dec 2024")
        self.assertTrue(self.driver.find_element(By.ID, "field-date_month_name").is_displayed())

    def test_a_cpf_typed_on_to_a_cnpj_and_back(self):
        expected = self.check("tax_id_br", list(CNPJ) + [BACKSPACE] * 3, [CNPJ])
        self.assertEqual(expected, ("112.223.330-00", 14, "cpf"))

    def test_a_cnpj_pasted_over_a_cpf(self):
        expected = self.check("tax_id_br", list(CPF) + [SELECT_ALL, PASTE], [CPF, CNPJ],
                              clipboard="11.222.333/0001-81")
        self.assertEqual(expected, ("11.222.333/0001-81", 18, "cnpj"))

    def test_select_all_and_type_a_cpf_over_a_cnpj(self):
        expected = self.check("tax_id_br", list(CNPJ) + [SELECT_ALL] + list(CPF), [CNPJ, CPF])
        self.assertEqual(expected, ("111.444.777-35", 14, "cpf"))

    def test_a_letter_makes_it_an_alphanumeric_cnpj(self):
        # The CPF layout takes digits only: the `a` re-lays `12` as a CNPJ, whose first twelve take letters.
        expected = self.check("tax_id_br", list("12abc34501de35") + [BACKSPACE, BACKSPACE, BACKSPACE] + list("e35"),
                              ["12ABC34501DE35"])
        self.assertEqual(expected, ("12.ABC.345/01DE-35", 18, "cnpj"))

    def test_a_phone_with_the_optional_digit_and_back(self):
        digits = "11961234567"
        expected = self.check("phone_br", list(digits) + [BACKSPACE, BACKSPACE] + list("67"), [digits])
        self.assertEqual(expected, ("(11) 96123-4567", 15, None))

    def test_placeholders_shown_while_typing_and_backspace_over_them(self):
        # After `001a2b` the text is `00:1A:2B:__:__:__`, the caret on the next slot; End puts it after the
        # placeholders, where Backspace deletes the last character typed, as over a separator.
        keys = list("001a2b") + [Keys.END, BACKSPACE, BACKSPACE] + list("2b3c4d5e")
        expected = self.check("mac_address", keys, ["001A2B3C4D5E"])
        self.assertEqual(expected, ("00:1A:2B:3C:4D:5E", 17, None))

    def test_a_months_digits_written_as_its_name(self):
        # `12` becomes `Dec` when its answer comes, while the year is typed on; Backspace over the year and a new
        # one typed.
        keys = list("31122024") + [BACKSPACE] * 4 + list("2025")
        expected = self.check("date_month_name", keys, ["31122024", "31DEC2024", "31DEC2025"])
        self.assertEqual(expected, ("31 Dec 2025", 11, None))

    def test_a_months_name_typed_in_lower_case(self):
        expected = self.check("date_month_name", list("31dec2024"), ["31DEC2024"])
        self.assertEqual(expected, ("31 Dec 2024", 11, None))

    def test_a_weekday_written_when_the_date_is_whole_and_gone_at_backspace(self):
        # `Tue, ` appears before the date with the answer to its last digit; Backspace takes the `4` and the
        # weekday goes; the new year's last digit writes the new weekday. The client knows nothing of weekdays:
        # keys typed before an answer arrives are echoed into its text, so a frame may show the old weekday
        # beside the new year (`Tue, 31 Dec 2025`) for one round trip, until the answer to the `5` replaces it.
        keys = list("31122024") + [BACKSPACE] + list("5")
        typed = ["31122024", "31DEC2024", "TUE31DEC2024", "31122025", "31DEC2025", "TUE31DEC2025", "WED31DEC2025"]
        expected = self.check("date_weekday", keys, typed)
        self.assertEqual(expected, ("Wed, 31 Dec 2025", 16, None))


if __name__ == "__main__":
    if not SERVER:
        sys.exit("usage: test_layouts.py PATH/TO/smarttext-server")
    unittest.main(argv=[sys.argv[0], "-v"])
