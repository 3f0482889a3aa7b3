"""The web page end to end in a real headless Chromium (Debian's chromium + chromium-driver, Selenium).

A real server (``python -m pycombat serve`` on a free port) and a real browser: load the Wind
Throne example and see the count of legal assignments, switch ``phase2_assignment`` and see the
count change, add and remove a company member in the form and see the YAML and the count follow, open
odds and see a plot, type a wrong card name and see the suggestion, see a ruling's verdicts and try the
flag that decides them, load a WotR example and see its armies marked on the map (and a retreat region
added in the form and filled by a click on the map), load a Riftbound example and get answers. Every number the page shows is checked against the Python
API's own answer for the same scenario (not against numbers written here). A screenshot of every
step goes to ``build/web-e2e/`` (the folder SHOTS names). ``make install`` installs Chromium when
missing; without it (or without Selenium) the test is skipped, saying why.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

import pycombat

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "web-e2e"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    pytest.skip("chromium and chromium-driver are not installed (make install installs them with apt-get)",
                allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pycombat", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "api/limits", timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start: " + proc.stderr.read().decode())
            time.sleep(0.2)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1500,1100"):
        opts.add_argument(arg)
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    except Exception as exc:  # a browser that cannot start here is a skip, not a failure of pycombat
        pytest.skip(f"chromium did not start: {str(exc).splitlines()[0]}")
    driver.set_page_load_timeout(60)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def _shot(driver, name: str) -> Path:
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000  # a real picture of the page, not an empty one
    return path


def _wait(driver, seconds=90):
    # the page redraws its answers: an element found a moment ago may be gone (looked for again)
    return WebDriverWait(driver, seconds, poll_frequency=0.2, ignored_exceptions=(StaleElementReferenceException,))


def _do(driver, action, seconds=30):
    """Run ``action(driver)`` (a find and a use of what it found) until no re-render came between the
    two: an element is never used after the page may have replaced it. Returns what it returned."""
    return _wait(driver, seconds).until(lambda d: (action(d),))[0]


def _click(driver, css: str, seconds=30):
    """Find the element by CSS and click it, found again if the page redrew it meanwhile."""
    _do(driver, lambda d: d.find_element(By.CSS_SELECTOR, css).click(), seconds)


def _select(driver, element_id: str, value: str):
    _do(driver, lambda d: Select(d.find_element(By.ID, element_id)).select_by_value(value))


def _text(driver, element_id: str) -> str:
    return _do(driver, lambda d: d.find_element(By.ID, element_id).text)


def _css_text(driver, css: str) -> str:
    return _do(driver, lambda d: d.find_element(By.CSS_SELECTOR, css).text)


def _attr(driver, css: str, name: str):
    return _do(driver, lambda d: d.find_element(By.CSS_SELECTOR, css).get_attribute(name))


def _result_done(driver, verb: str):
    """Wait for the verb's answer (a finished result of that verb) and return the result element."""
    def done(d):
        r = d.find_element(By.ID, "result")
        return r.get_attribute("data-state") in ("done", "error") and r.get_attribute("data-verb") == verb
    _wait(driver).until(done)


def _count_is(driver, expected: int):
    def shown(d):
        els = d.find_elements(By.ID, "count")
        return els and els[0].text == str(expected)
    _wait(driver).until(shown)


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _load(driver, game: str, example: str):
    _select(driver, "game", game)
    _wait(driver, 20).until(lambda d: any(o.get_attribute("value") == example
                                          for o in d.find_elements(By.CSS_SELECTOR, "#example option")))
    _select(driver, "example", example)
    text = pycombat.example(game, example).read_text(encoding="utf-8")
    _wait(driver, 30).until(lambda d: d.find_element(By.ID, "editor").get_attribute("value") == text)
    _wait(driver, 30).until(lambda d: f"a valid {game} scenario" in d.find_element(By.ID, "status").text)


def _doc(driver) -> dict:
    """The scenario in the page's YAML editor, parsed."""
    try:
        return yaml.safe_load(_attr(driver, "#editor", "value")) or {}
    except yaml.YAMLError:
        return {}


def _verdicts(driver) -> dict:
    """The verdicts the page shows, by claim id (true, false, or None: not decided)."""
    out = {}
    for box in driver.find_elements(By.CSS_SELECTOR, "#claims .claim"):
        cls = box.get_attribute("class")
        out[box.get_attribute("data-claim")] = True if "verdict-box-true" in cls else False if "verdict-box-false" in cls else None
    return out


def _marked(driver, role: str) -> list[str]:
    """The places of the map marked with ``role``."""
    return sorted(e.get_attribute("data-name") for e in driver.find_elements(By.CSS_SELECTOR, f"#board g.node.mark-{role}"))


def test_the_page_end_to_end(server, browser):
    try:
        _steps(server, browser)
    except Exception:
        browser.save_screenshot(str(SHOTS / "failure.png"))
        state = {}
        for i in ("status", "progress", "result"):
            try:
                state[i] = browser.find_element(By.ID, i).text[:300]
            except Exception as exc:  # (the page may be gone or redrawing: say so instead)
                state[i] = f"<{type(exc).__name__}>"
        raise AssertionError(f"the page at failure ({SHOTS / 'failure.png'}): {state}")


def _steps(server, browser):
    d = browser
    wind = pycombat.example("meccg", "wind_throne.yaml")
    mandatory = pycombat.load(wind).count()
    optional = pycombat.load(wind, {"phase2_assignment": "optional"}).count()
    assert mandatory != optional  # the switch must make a visible difference

    # 1. the page opens on the default example; load the Wind Throne explicitly and see the count
    d.get(server)
    _wait(d, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#tabs button")))
    _load(d, "meccg", "wind_throne.yaml")
    _result_done(d, "enumerate")
    _count_is(d, mandatory)
    assert _css_text(d, ".count-label") == "legal complete assignments"  # (the JSON's `counted`)
    assert _text(d, "cli").startswith("pycombat enumerate scenario.yaml")
    _shot(d, "1_wind_throne_enumerate")

    # 2. switch phase2_assignment to optional: the page re-runs and the count changes
    _select(d, "flag-phase2_assignment", "optional")
    _count_is(d, optional)
    _wait(d, 30).until(lambda x: "--flag phase2_assignment=optional" in x.find_element(By.ID, "cli").text)
    assert "phase2_assignment" in d.current_url  # the flags live in the URL too
    _shot(d, "2_phase2_optional")

    # 2b. the scenario and the flags live in the URL: a fresh page from it gives the same answer
    _wait(d, 10).until(lambda x: "s=" in x.current_url and "phase2_assignment" in x.current_url)
    shared = d.current_url
    d.get("about:blank")
    d.get(shared)
    _wait(d, 30).until(lambda x: "a valid meccg scenario" in x.find_element(By.ID, "status").text)
    _count_is(d, optional)
    assert _attr(d, "#editor", "value") == text_of(wind)

    # 2c. the form adds a member to a company (a card of the data, chosen from the schema) and removes it:
    #     the YAML changes both ways and the count is the API's for the edited scenario
    original = yaml.safe_load(text_of(wind))
    n = len(original["attacker"]["members"])
    _click(d, 'button[data-append="attacker.members"]')
    _wait(d, 30).until(lambda x: len(_doc(x)["attacker"]["members"]) == n + 1)
    edited = _doc(d)
    assert edited["attacker"]["members"][:n] == original["attacker"]["members"]
    _count_is(d, pycombat.load(edited, {"phase2_assignment": "optional"}).count())
    _wait(d, 30).until(lambda x: x.find_elements(By.CSS_SELECTOR, f'[data-remove="attacker.members[{n}]"]'))
    _shot(d, "2c_member_added")
    _click(d, f'[data-remove="attacker.members[{n}]"]')
    _wait(d, 30).until(lambda x: _doc(x) == original)
    _count_is(d, optional)
    # ... and moves a member down and back up (the first entry cannot go up)
    first = original["attacker"]["members"]
    assert _attr(d, 'button[data-move="attacker.members[0]"][data-by="-1"]', "disabled")
    _click(d, 'button[data-move="attacker.members[0]"][data-by="1"]')
    _wait(d, 30).until(lambda x: _doc(x)["attacker"]["members"] == [first[1], first[0], *first[2:]])
    _wait(d, 30).until(lambda x: x.find_elements(By.CSS_SELECTOR, 'button[data-move="attacker.members[1]"][data-by="-1"]'))
    _click(d, 'button[data-move="attacker.members[1]"][data-by="-1"]')
    _wait(d, 30).until(lambda x: _doc(x) == original)

    # 3. odds: a plot and exact fractions
    _click(d, "#tab-odds")
    _result_done(d, "odds")
    _wait(d).until(EC.visibility_of_element_located((By.ID, "plot-plot")))
    _wait(d, 30).until(lambda x: x.find_element(By.ID, "plot-plot").get_attribute("naturalWidth") not in (None, "0"))
    _wait(d, 30).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#result .frac"))
    _shot(d, "3_odds_plot")

    # 4. a wrong card name: the loader's message with the suggestion, beside the field in the form
    text = _attr(d, "#editor", "value")
    assert "Gandalf" in text
    _do(d, lambda x: x.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
        x.find_element(By.ID, "editor"), text.replace("Gandalf", "Gandalv", 1)))
    _wait(d, 30).until(lambda x: "did you mean 'Gandalf'" in x.find_element(By.ID, "status").text)
    assert "defender.members[0].name" in _text(d, "status")
    _wait(d, 30).until(lambda x: "Gandalf" in x.find_element(By.CSS_SELECTOR, "#form .row.bad .field-error").text)
    _shot(d, "4_wrong_card_name")
    # the suggestion, used with a click beside the field, mends the scenario
    _click(d, '#form .row.bad button.use-suggestion[data-suggestion="Gandalf"]')
    _wait(d, 30).until(lambda x: "a valid meccg scenario" in x.find_element(By.ID, "status").text)
    assert _doc(d)["defender"]["members"][0]["name"] == "Gandalf"

    # 4b. verify: each claim's verdict as the API gives it; a flag that decides them, tried with a click,
    #     re-runs and the verdicts follow the API's under the other value
    ruling = ROOT / "examples" / "rulings" / "meccg" / "aiglos_doors_of_night.yaml"
    verdicts = {v: {c["id"]: c["verdict"] for c in pycombat.load(ruling, {"aiglos_doors_of_night": v}).verify()
                    .to_json()["claims"]} for v in ("ignored", "applies")}
    assert verdicts["ignored"] != verdicts["applies"]  # the flag flips some verdict
    _select(d, "example", "rulings/aiglos_doors_of_night.yaml")
    _wait(d, 30).until(lambda x: _doc(x) == yaml.safe_load(text_of(ruling)))
    _click(d, "#tab-verify")
    _result_done(d, "verify")
    _wait(d).until(lambda x: _verdicts(x) == verdicts["ignored"])
    # a reason quoting its rule's whole text shows it once (no `full_text` column beside an equal `text`)
    heads = _do(d, lambda x: [e.text for e in x.find_elements(By.CSS_SELECTOR, '[data-claim="aiglos-normal"] th')])
    assert "text" in heads and "full_text" not in heads and "decisive" not in heads, heads
    _click(d, 'button.try-flag[data-flag="aiglos_doors_of_night"][data-value="applies"]')
    _wait(d).until(lambda x: _verdicts(x) == verdicts["applies"])
    _wait(d, 30).until(lambda x: "--flag aiglos_doors_of_night=applies" in x.find_element(By.ID, "cli").text)
    _shot(d, "4b_verify_flag_tried")

    # 5. a War of the Ring example: an answer (the count of legal rearguard splits, as the API counts)
    wotr = pycombat.load(pycombat.example("wotr", "helms_deep.yaml")).count()
    _load(d, "wotr", "helms_deep.yaml")
    _click(d, "#tab-enumerate")
    _result_done(d, "enumerate")
    _count_is(d, wotr)
    assert _css_text(d, ".count-label") == "legal splits"
    _shot(d, "5_wotr_helms_deep")

    # 5b. the map marks the attacker's and the defender's regions; a retreat region added in the form is
    #     checked by the loader (beside the field), then filled by a click on the map and marked
    helms = yaml.safe_load(text_of(pycombat.example("wotr", "helms_deep.yaml")))
    if shutil.which("neato"):  # the map needs Graphviz on the server
        _wait(d, 30).until(lambda x: _marked(x, "attacker") == [helms["attacker"]["region"]])
        _wait(d, 30).until(lambda x: _marked(x, "defender") == [helms["defender"]["region"]])
        _click(d, 'button[data-append="defender.retreat_to"]')
        _wait(d, 30).until(lambda x: len(_doc(x)["defender"].get("retreat_to") or []) == 1)
        first = _doc(d)["defender"]["retreat_to"][0]
        try:
            pycombat.load(_doc(d))
            adjacent_first = True
        except pycombat.ScenarioError:
            adjacent_first = False
        if not adjacent_first:  # the loader's message beside the field
            _wait(d, 30).until(lambda x: x.find_elements(By.CSS_SELECTOR, '#form .row.bad[data-path^="defender.retreat_to"]'))
        field = 'input[data-path="defender.retreat_to[0]"]'
        _wait(d, 30).until(lambda x: x.find_element(By.CSS_SELECTOR, field).get_attribute("value") == first)
        _click(d, field)
        target = "Westemnet"  # adjacent to Helm's Deep (regions.json)

        def click_node(x):
            node = x.find_element(By.CSS_SELECTOR, f'#board g.node[data-name="{target}"]')
            x.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", node)
            node.click()
        _do(d, click_node)
        _wait(d, 30).until(lambda x: _doc(x)["defender"]["retreat_to"] == [target])
        _wait(d, 30).until(lambda x: _marked(x, "retreat") == [target])
        _wait(d, 30).until(lambda x: "a valid wotr scenario" in x.find_element(By.ID, "status").text)
        _shot(d, "5b_wotr_map_retreat")

    # 5c. a position's moves: the count is their total (the JSON's count also holds its parts)
    moves = pycombat.load(pycombat.example("wotr", "moves_companions.yaml")).enumerate(count=True).to_json()["count"]
    _load(d, "wotr", "moves_companions.yaml")
    _click(d, "#tab-enumerate")
    _result_done(d, "enumerate")
    _count_is(d, moves["total"])
    assert _css_text(d, ".count-label").startswith("legal moves")

    # 6. a Riftbound example: odds (the resulting board), its outcome text as the API gives it
    rift = pycombat.load(pycombat.example("riftbound", "seed_example.yaml")).odds().to_json()["outcome_text"]
    _load(d, "riftbound", "seed_example.yaml")
    _click(d, "#tab-odds")
    _result_done(d, "odds")
    _wait(d).until(lambda x: rift in x.find_element(By.ID, "result").text)
    _shot(d, "6_riftbound_seed")

    # 6b. a refusal shows its one line and the lines under it (why, and what is solved instead)
    _load(d, "meccg", "ten_vs_ten_hands.yaml")
    _click(d, "#tab-optimize")
    _result_done(d, "optimize")
    _wait(d).until(lambda x: "3,628,800" in x.find_element(By.ID, "run-error").text)
    helps = _do(d, lambda x: [e.text for e in x.find_elements(By.CSS_SELECTOR, "#run-error .error-help")])
    assert len(helps) == 3 and "Bold Thrust" in helps[0] and "--objective survive" in helps[2], helps

    # 6c. a table whose rows have different keys (only grouped options have `group`) leaves the others' cells empty
    _load(d, "meccg", "two_on_two.yaml")
    _click(d, "#tab-optimize")
    _result_done(d, "optimize")
    _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, '#result [data-key="first_choices"] td'))
    cells = _do(d, lambda x: [e.text for e in x.find_elements(By.CSS_SELECTOR, '#result [data-key="first_choices"] td')])
    assert "undefined" not in cells and cells, cells

    # 7. the tree as SVG (Graphviz on the server), with its downloads
    if shutil.which("dot"):
        _load(d, "meccg", "wind_throne.yaml")
        _click(d, "#tab-tree")
        _result_done(d, "tree")
        _wait(d).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#tree-svg svg"))
        _wait(d, 30).until(lambda x: x.find_elements(By.ID, "download-graphml") and x.find_elements(By.ID, "download-dot"))
        _shot(d, "7_meccg_tree")


def _json_view(driver) -> dict:
    """The answer's JSON as the page shows it (and downloads it)."""
    import json

    _click(driver, "#view-json")
    return json.loads(_text(driver, "json-text"))


def test_a_flag_that_also_takes_a_whole_number_is_set_from_the_page(server, browser):
    """WotR's max_rounds is `none` or a whole number ≥ 1: the page's switch takes a number, the answer
    is the API's under it, and the CLI command says it; a value in force is always shown in its switch."""
    d = browser
    helms = pycombat.example("wotr", "helms_deep.yaml")
    expected = pycombat.load(helms, {"max_rounds": "2"}).odds().to_json()
    assert expected["flags"]["max_rounds"] == "2"
    assert expected != pycombat.load(helms).odds().to_json()  # the flag makes a difference
    d.get(server)
    _wait(d, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#tabs button")))
    _load(d, "wotr", "helms_deep.yaml")
    _click(d, "#tab-odds")
    _result_done(d, "odds")
    assert _do(d, lambda x: x.find_element(By.ID, "flag-max_rounds").tag_name) == "input"
    _do(d, lambda x: x.execute_script(
        "arguments[0].value = '2'; arguments[0].dispatchEvent(new Event('change'))", x.find_element(By.ID, "flag-max_rounds")))
    _wait(d, 30).until(lambda x: "--flag max_rounds=2" in x.find_element(By.ID, "cli").text)
    _wait(d).until(lambda x: _json_view(x)["flags"]["max_rounds"] == "2")
    shown = {k: v for k, v in _json_view(d).items() if k not in ("scenario", "seconds", "plot")}  # (the page draws the plot)
    assert shown == {k: v for k, v in expected.items() if k not in ("scenario", "seconds")}
    _shot(d, "8_wotr_max_rounds")
    # a page opened on a link with a flag value its switch does not list shows that value
    _wait(d, 10).until(lambda x: "max_rounds" in x.current_url)
    link = d.current_url
    d.get("about:blank")
    d.get(link)
    _wait(d, 30).until(lambda x: "a valid wotr scenario" in x.find_element(By.ID, "status").text)
    assert _attr(d, "#flag-max_rounds", "value") == "2"


def test_a_refused_option_value_is_marked_at_its_box(server, browser):
    """An option value the verb refuses (MECCG optimize --objective) is said in the answer area and its
    box in the options is marked with the message; a good value clears the mark."""
    d = browser
    d.get(server)
    _wait(d, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#tabs button")))
    _load(d, "meccg", "two_on_two.yaml")
    _click(d, "#tab-optimize")
    _result_done(d, "optimize")
    _do(d, lambda x: x.execute_script(
        "arguments[0].value = 'most_kills'; arguments[0].dispatchEvent(new Event('change'))",
        x.find_element(By.ID, "opt-objective")))
    _click(d, "#run")
    _wait(d).until(lambda x: "options.objective" in (x.find_elements(By.ID, "run-error") or [None])[0].text
                   if x.find_elements(By.ID, "run-error") else False)
    _wait(d, 30).until(lambda x: "bad" in x.find_element(By.ID, "opt-objective").get_attribute("class"))
    assert "most_kills" in _attr(d, "#opt-objective", "title")
    _shot(d, "9_option_refused")
    _do(d, lambda x: x.execute_script(
        "arguments[0].value = 'kill_mp'; arguments[0].dispatchEvent(new Event('change'))",
        x.find_element(By.ID, "opt-objective")))
    _click(d, "#run")
    _result_done(d, "optimize")
    _wait(d, 60).until(lambda x: x.find_element(By.ID, "result").get_attribute("data-state") == "done")
    assert "bad" not in (_attr(d, "#opt-objective", "class") or "")


def test_an_error_with_no_line_reads_as_the_message_alone(server, browser):
    """A field the scenario leaves out has no line of the YAML: the status under the editor is the message alone
    (never followed by a stray "null"); a saved ruling pasted in the editor is checked again by verify."""
    import json

    d = browser
    d.get(server)
    _wait(d, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#tabs button")))
    _load(d, "riftbound", "seed_example.yaml")
    _do(d, lambda x: x.execute_script(
        "arguments[0].value = 'game: riftbound\\ntitle: nothing yet\\n'; arguments[0].dispatchEvent(new Event('input'))",
        x.find_element(By.ID, "editor")))
    _wait(d, 30).until(lambda x: "bad" in x.find_element(By.ID, "status").get_attribute("class"))
    assert _text(d, "status") == "pycombat: attacker: is required"
    ruling = json.dumps(pycombat.api.ruling_of(*_ruling_parts()))
    _do(d, lambda x: x.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
        x.find_element(By.ID, "editor"), ruling))
    _result_done(d, "verify")
    _wait(d, 60).until(lambda x: x.find_element(By.ID, "result").get_attribute("data-state") == "done")
    assert _text(d, "status") == "✓ a saved riftbound ruling, as it was saved: Equal totals: 3 + 2 against 5"
    layout = _text(d, "view-body")
    assert all(claim in layout for claim in ("nobody", "conquer", "no-result", "a2-dies")), layout
    _click(d, "#view-text")  # (the text view is drawn on the click: read once it shows the text)
    _wait(d, 30).until(lambda x: "every verdict stands" in _text(x, "cli-text"))


def _ruling_parts():
    path = pycombat.example("riftbound", "seed_example.yaml").parent.parent / "rulings" / "riftbound" / "equal_totals.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    scenario = pycombat.api.load(data)
    return data, scenario, scenario.verify()
