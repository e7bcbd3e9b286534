"""tools/make_labels.py for a variant: its rule sets are merged into a copy of the shipped table
beside today's four, a re-run with a smaller budget keeps the verdicts found, and each variant's
run is noted apart (the real tool, in a subprocess, on a real file)."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path

from rules.labels import DEFAULT_PATH, LabelTable, load_table
from rules.variant import ALL_RULE_SETS, CELL, SPANISH, rule_sets
from solver.schedule import Schedule

ROOT = Path(__file__).resolve().parent.parent


def make_labels(out: Path, *args: str) -> None:
    command = [sys.executable, "tools/make_labels.py", "--out", str(out), "--jobs", "1", *args]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=300)


def test_a_variant_is_labelled_beside_the_default_tables(tmp_path: Path) -> None:
    out = tmp_path / "labels.json"
    shipped = load_table(DEFAULT_PATH)
    defaults = {rules.key: shipped.tables[rules.key] for rules in ALL_RULE_SETS}  # today's four only
    out.write_text(LabelTable(defaults, shipped.made).to_json(), encoding="utf-8")
    before = load_table(out)
    make_labels(out, "--variant", "spanish", "--deals", "1-3", "--node-limit", "200000")
    after = load_table(out)
    for rules in ALL_RULE_SETS:  # today's four keys, untouched
        assert after.tables[rules.key] == before.tables[rules.key]
    assert after.made["deals"] == before.made["deals"]  # the default table's note is its own
    for rules in rule_sets(SPANISH):
        column = after.tables[rules.key]
        assert set(column[3:]) == {"?"} and "?" not in column[:3]  # small deals are decided
    note = after.made["variants"]
    assert isinstance(note, dict) and note["spanish"][-1]["deals"] == "1-3"
    # a re-run whose budget decides nothing keeps what was found
    make_labels(out, "--variant", "spanish", "--deals", "1-3", "--node-limit", "1")
    again = load_table(out)
    assert all(again.tables[r.key] == after.tables[r.key] for r in rule_sets(SPANISH))
    runs = again.made["variants"]["spanish"]  # type: ignore[index]
    assert len(runs) == len(note["spanish"]) + 1  # this run noted after the others
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == 1


def _tool() -> object:
    """tools/make_labels.py as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_labels", ROOT / "tools" / "make_labels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_labels_implied_by_the_order_of_rule_sets_agree_with_the_shipped_table() -> None:
    """A deal lost with unlimited passes and the overlap rule is lost under every rule set; one
    won in one pass without it is won under every one: labels_of solves fewer and says which it implied,
    and every label, solved or implied, is the shipped table's (made one search per entry)."""
    tool = _tool()
    shipped = load_table(DEFAULT_PATH)
    keys = tuple(rules.key for rules in ALL_RULE_SETS)
    implied = 0
    for number in range(1, 13):
        found = tool.labels_of((number, keys, 2_000_000, (), None))  # type: ignore[attr-defined]
        assert sorted(key for _, key, _, _ in found) == sorted(keys)
        for _, key, letter, seconds in found:
            assert letter == shipped.tables[key][number - 1], (number, key)
            implied += seconds < 0
    assert implied >= 6  # deals 1-12 include lost-everywhere and won-everywhere ones


def test_the_order_of_rule_sets_is_passes_and_the_overlap_rule() -> None:
    tool = _tool()
    at_most = tool.at_most  # type: ignore[attr-defined]
    three_on, three_off, one_on, one_off, unlimited_on, unlimited_off = ALL_RULE_SETS
    assert all(at_most(r, unlimited_on) and at_most(one_off, r) for r in ALL_RULE_SETS)
    assert not at_most(one_on, three_off) and not at_most(three_off, one_on)
    assert not at_most(three_on, one_off) and not at_most(unlimited_off, three_on)
    assert at_most(three_off, unlimited_off) and at_most(three_on, unlimited_on)
    spanish_top = rule_sets(SPANISH)[0]
    assert not at_most(one_off, spanish_top)  # never across variants


def test_unknown_only_solves_the_unknown_entries_and_keeps_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "labels.json"
    shipped = load_table(DEFAULT_PATH)
    first = ALL_RULE_SETS[0].key
    column = list(shipped.tables[first])
    right = column[1]
    wrong = "U" if column[0] == "S" else "S"
    column[0], column[1] = wrong, "?"  # deal 1 mislabelled on purpose, deal 2 unknown
    tables = {rules.key: shipped.tables[rules.key] for rules in ALL_RULE_SETS} | {first: "".join(column)}
    out.write_text(LabelTable(tables, shipped.made).to_json(), encoding="utf-8")
    make_labels(out, "--unknown-only", "--deals", "1-3", "--node-limit", "2000000")
    after = load_table(out).tables[first]
    assert after[1] == right  # the unknown entry was solved
    assert after[0] == wrong  # a decided entry is not solved again
    runs = load_table(out).made["runs"]
    assert isinstance(runs, list)
    made = runs[-1]  # a later run of the default variant is noted after the first
    assert made["solved"] + made["implied"] == 1  # deal 2, solved or implied by another rule set
    assert made["counts"][first]["unknown"] == 0  # the run counts its tables
    assert str(tmp_path) not in made["command"]  # no machine path noted


def test_a_schedule_of_the_engines_gives_the_same_labels() -> None:
    """``--schedule 0:inf`` (the cell's layered engine alone, on one pass) labels as the
    default schedule does (deal 37 is lost, proven past the 1M nodes its table entry had); a
    malformed one gets one line."""
    tool = _tool()
    schedule = tool.schedule_named("0:inf")  # type: ignore[attr-defined]
    assert schedule == Schedule(0, math.inf, None)
    shipped = load_table(DEFAULT_PATH)
    keys = tuple(rules.key for rules in rule_sets(CELL) if rules.passes == 1)
    for number in (28, 37):
        found = tool.labels_of((number, keys, 2_000_000, (), schedule))  # type: ignore[attr-defined]
        assert sorted(key for _, key, _, _ in found) == sorted(keys)
        for _, key, letter, _ in found:
            assert letter == "U" and shipped.tables[key][number - 1] in "U?", (number, key)  # 37: over 1M
    command = [sys.executable, "tools/make_labels.py", "--schedule", "fast"]
    wrong = subprocess.run(command, check=False, cwd=ROOT, capture_output=True, text=True)
    assert wrong.returncode == 2 and "--schedule wants HEAD:SHARE" in wrong.stderr
