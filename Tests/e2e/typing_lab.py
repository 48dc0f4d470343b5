"""Typing into a real Chromium input at a human pace over an emulated network, and what the user saw.

Shared by the end-to-end tests (Tests/e2e/test_browser.py, which assert what the text and caret end
as) and by scripts/latency (which prints how long keys took to show). The page records, frame by
frame, the input's value, caret and error text, and the time of every key; the network's round trip
is Chromium's DevTools network emulation, which applies to every request the page makes.
"""
import json
import os
import statistics
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from live_server import LiveServer  # noqa: E402,F401 - Tests/support, for the suites that import this module


def chromium(script_timeout=20):
    """Debian's headless Chromium through its chromedriver, as every suite here drives it."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,2400", "--lang=en-US"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(script_timeout)
    return driver

# Records every key's time and, on every animation frame, what the input shows (the frame's time
# is when the browser paints it). window.lab.frames: [t, value, caret, errors]; window.lab.keys: [t];
# window.lab.answers: [answer text, value shown, event] of every answer shown, window.lab.answerTimes their [t].
INSTRUMENT = """
const [input] = arguments;
const lab = window.lab = { keys: [], frames: [], answers: [], answerTimes: [] };
input.addEventListener('keydown', () => lab.keys.push(performance.now()), true);
input.addEventListener('smarttext:answer', (event) => {
  lab.answers.push([event.detail.answer.text, input.value, event.detail.event]);
  lab.answerTimes.push(performance.now());
});
let last = null;
const errors = () => { const e = document.getElementById(input.id + '-errors'); return e && !e.hidden ? e.textContent : ''; };
function frame(t) {
  const now = [input.value, input.selectionStart, errors()];
  const key = JSON.stringify(now);
  if (key !== last) { lab.frames.push([t, ...now]); last = key; }
  lab.raf = requestAnimationFrame(frame);
}
lab.raf = requestAnimationFrame(frame);
"""

# A new input at the top of the page, attached to `field` (or plain, for the reference), focused.
ATTACH = """
const [id, field, done] = arguments;
const input = document.createElement('input');
input.id = id;
input.spellcheck = false;
document.body.prepend(input);
if (!field) { input.focus(); done(input); return; }
import('/smarttext.js').then(async (m) => {
  const controller = m.attach(input, { field });
  await controller.ready;
  (window.controllers ||= {})[id] = controller;
  input.focus();
  done(input);
});
"""


def set_round_trip(driver, milliseconds, offline=False):
    """Every request of the page takes `milliseconds` more (Chromium's network emulation)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": milliseconds, "downloadThroughput": -1, "uploadThroughput": -1})


def attach(driver, element_id, field):
    """A new input attached to `field` (None: a plain input), with the recorder installed."""
    driver.set_script_timeout(30)
    element = driver.execute_async_script(ATTACH, element_id, field)
    driver.execute_script(INSTRUMENT, element)
    return element


def type_keys(element, keys, interval=0.060):
    """Sends `keys` (characters or Keys.*) one at a time, `interval` seconds apart."""
    start = time.monotonic()
    for index, key in enumerate(keys):
        delay = start + index * interval - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        element.send_keys(key)


def record(driver):
    return driver.execute_script("return window.lab")


def wait_settled(driver, element_id, quiet=0.5, timeout=20):
    """Waits until the field has nothing pending and the input has not changed for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        busy = driver.execute_script(
            "const c = (window.controllers || {})[arguments[0]];"
            "return c ? c.settled().then(() => false) : false;", element_id)
        frames = record(driver)["frames"]
        if not busy and frames and (driver.execute_script("return performance.now()") - frames[-1][0]) > quiet * 1000:
            return
        time.sleep(0.05)
    raise AssertionError("the field did not settle")


def key_to_visible(lab):
    """For every key that changed what is shown: milliseconds from the key to the first frame showing a
    change (two keys the driver delivered within one frame both count from their own time)."""
    delays = []
    frames = lab["frames"]
    for pressed in lab["keys"]:
        before = [frame for frame in frames if frame[0] <= pressed]
        shown_before = before[-1][1] if before else ""
        for frame in frames:
            if frame[0] > pressed and frame[1] != shown_before:
                delays.append(frame[0] - pressed)
                break
    return delays


def final_text_delay(lab):
    """Milliseconds from the last key to the last change of what is shown."""
    return max(0.0, lab["frames"][-1][0] - lab["keys"][-1])


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(values):
    return (statistics.median(values), percentile(values, 0.95)) if values else (float("nan"), float("nan"))


def one_at_a_time(port, field, keys, clipboard=""):
    """The text and caret of `keys` sent one request each, every one on the previous answer (no latency)."""
    text, caret, _ = one_at_a_time_answer(port, field, keys, clipboard)
    return text, caret


def one_at_a_time_answer(port, field, keys, clipboard=""):
    """`one_at_a_time`, with the last answer (None when no key made a request); Ctrl+V pastes `clipboard`."""
    text, start, end = "", 0, 0
    answer = None
    for key in keys:
        if key == Keys.HOME:
            start = end = 0
            continue
        if key == Keys.END:
            start = end = len(text.encode("utf-16-le")) // 2
            continue
        if key == Keys.CONTROL + "a":
            start, end = 0, len(text)
            continue
        if key == Keys.CONTROL + Keys.BACKSPACE:
            position = start
            while position > 0 and text[position - 1].isspace():
                position -= 1
            while position > 0 and not text[position - 1].isspace():
                position -= 1
            if start == end:
                start = position
            replacement, input_type = "", "deleteWordBackward"
        elif key == Keys.CONTROL + Keys.DELETE:
            position = end
            while position < len(text) and text[position].isspace():
                position += 1
            while position < len(text) and not text[position].isspace():
                position += 1
            if start == end:
                end = position
            replacement, input_type = "", "deleteWordForward"
        elif key == Keys.BACKSPACE:
            if start == end:
                start = max(0, start - 1)
            replacement, input_type = "", "deleteContentBackward"
        elif key == Keys.DELETE:
            if start == end:
                end = min(len(text), end + 1)
            replacement, input_type = "", "deleteContentForward"
        elif key == Keys.CONTROL + "v":
            replacement, input_type = clipboard, "insertFromPaste"
        else:
            replacement, input_type = key, "insertText"
        if start == end and not replacement:
            continue
        body = json.dumps({"field": field, "text": text, "range": {"start": start, "end": end},
                           "replacement": replacement, "inputType": input_type}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/edit", data=body,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            answer = json.load(response)
        text, start, end = answer["text"], answer["caret"], answer["caret"]
    return text, end, answer
