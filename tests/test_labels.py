"""The deal label table: reading it, dealing from it, and re-solving its entries."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from commands import bad_label_file, command_env, make_assets, one_line, run

from rules.deals import LAST_DEAL, DealNumberError
from rules.labels import (
    DEFAULT_PATH,
    LETTERS,
    Label,
    LabelTable,
    LabelTableError,
    LabelTableMissingError,
    load_table,
)
from rules.state import ALL_RULE_SETS, RuleSet, State
from rules.variant import GIZA, PYRAMID, REGISTERED, Variant, rule_sets
from solver.search import Verdict, solve

EXPECTED = {Label.SOLVABLE: Verdict.SOLVABLE, Label.UNSOLVABLE: Verdict.UNSOLVABLE}


def _table(text: str) -> LabelTable:
    return LabelTable({str(RuleSet()): text + "?" * (LAST_DEAL - len(text))})


def test_lookup_and_dealing_only_winnable_numbers() -> None:
    table = _table("SUS?U")
    rules = RuleSet()
    assert [table.label(n, rules) for n in range(1, 6)] == [
        Label.SOLVABLE,
        Label.UNSOLVABLE,
        Label.SOLVABLE,
        Label.UNKNOWN,
        Label.UNSOLVABLE,
    ]
    assert table.numbers(rules, Label.SOLVABLE) == [1, 3]
    rng = random.Random(3)
    assert {table.random_deal(rules, rng) for _ in range(50)} == {1, 3}
    assert len({table.random_deal(rules, rng, solvable_only=False) for _ in range(50)}) > 40
    with pytest.raises(DealNumberError):
        table.label(0, rules)


def test_a_rule_set_missing_from_the_table_reads_unknown_and_still_deals() -> None:
    table = _table("SSS")
    other = RuleSet(passes=1, overlap=False)
    assert table.label(2, other) is Label.UNKNOWN
    assert 1 <= table.random_deal(other, random.Random(1)) <= LAST_DEAL
    assert not table.can_promise(other) and table.can_promise(RuleSet())
    assert not _table("UU?").can_promise(RuleSet()) and not LabelTable().can_promise(RuleSet())


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json", "not JSON"),
        ('{"format": 2, "tables": {}}', "format"),
        ('{"format": 1, "tables": {"passes=3 overlap=on": "SS"}}', "20000 letters"),
        ('{"format": 1, "tables": []}', "tables"),
    ],
)
def test_a_corrupt_table_is_reported(text: str, problem: str) -> None:
    with pytest.raises(LabelTableError, match=problem):
        LabelTable.from_json(text)


def test_round_trip() -> None:
    table = _table("SU?")
    assert LabelTable.from_json(table.to_json()).tables == table.tables


# --- the committed table ------------------------------------------------------------------------


def test_the_committed_table_covers_every_deal_and_rule_set_with_no_unknown() -> None:
    """The default variant's four tables are whole; another variant's tables are those of a
    registered variant, noted under ``made.variants`` (they may cover only the deals labelled so far)."""
    table = load_table()
    default_keys = {str(r) for r in ALL_RULE_SETS}
    assert default_keys <= set(table.tables)
    others = [RuleSet.from_key(key) for key in set(table.tables) - default_keys]
    noted = table.made.get("variants", {})
    assert isinstance(noted, dict)
    for rules in others:
        assert rules.variant.name in noted and set(rule_sets(rules.variant)) <= {
            RuleSet.from_key(k) for k in table.tables
        }
        assert table.tables[rules.key].count(LETTERS[Label.SOLVABLE]) > 0
    for rules in ALL_RULE_SETS:
        column = table.tables[str(rules)]
        assert len(column) == LAST_DEAL
        assert column.count(LETTERS[Label.UNKNOWN]) == 0, rules
        assert column.count(LETTERS[Label.SOLVABLE]) > 0 and column.count(LETTERS[Label.UNSOLVABLE]) > 0
    for key in ("solver", "date", "node_limit", "command"):
        assert key in table.made


def _check_entries(entries: list[tuple[int, RuleSet]]) -> None:
    table = load_table()
    for number, rules in entries:
        label = table.label(number, rules)
        result = solve(State.from_deal(number, rules))
        assert result.verdict is EXPECTED[label], (
            f"deal {number} {rules}: table {label}, solver {result.verdict}"
        )


def test_a_random_sample_of_the_table_re_solves_to_the_same_verdicts() -> None:
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    entries = [(rng.randint(1, LAST_DEAL), rules) for rules in ALL_RULE_SETS for _ in range(10)]
    try:
        _check_entries(entries)
    except AssertionError as error:
        raise AssertionError(f"{error} (sample seed {seed})") from None


def test_a_sample_of_each_variants_labels_re_solves_to_the_same_verdicts() -> None:
    """The labels of the other variants (as far as they go) agree with the solver as it is now."""
    table = load_table()
    rng = random.Random(12)
    entries = []
    for key in sorted(set(table.tables) - {str(r) for r in ALL_RULE_SETS}):
        rules = RuleSet.from_key(key)
        decided = [i + 1 for i, letter in enumerate(table.tables[key]) if letter != LETTERS[Label.UNKNOWN]]
        entries += [(number, rules) for number in rng.sample(decided, min(3, len(decided)))]
    _check_entries(entries)


def test_every_entry_of_the_table(request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("--all-labels"):
        pytest.skip("long: run with --all-labels")
    _check_entries([(n, rules) for rules in ALL_RULE_SETS for n in range(1, LAST_DEAL + 1)])


def test_cli_prints_the_label_under_each_rule_set() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rules", "label", "7"], capture_output=True, text=True, check=True
    )
    table = load_table(DEFAULT_PATH)
    expected = [f"{rules} {table.label(7, rules).value}" for rules in ALL_RULE_SETS]
    assert result.stdout.splitlines() == expected
    assert result.stdout.splitlines()[0].startswith("passes=3 overlap=on ")


@pytest.mark.parametrize("arg", ["0", "20001", "seven"])
def test_cli_label_bad_number(arg: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rules", "label", arg], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


# --- label files that cannot be read --------------------------------------------------------------

BAD_KINDS = ["non-utf8", "nested", "long-number", "directory", "empty", "format-true"]


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_an_unreadable_label_file_is_a_label_table_error_naming_it(kind: str, tmp_path: Path) -> None:
    path = bad_label_file(kind, tmp_path)
    with pytest.raises(LabelTableError, match=r"labels\.json") as caught:
        load_table(path)
    assert not isinstance(caught.value, LabelTableMissingError)
    assert len(str(caught.value).splitlines()) == 1 and len(str(caught.value)) < 300


def test_a_missing_label_file_is_its_own_error(tmp_path: Path) -> None:
    with pytest.raises(LabelTableMissingError, match="no label table"):
        load_table(tmp_path / "labels.json")


def test_the_default_label_file_follows_piramide_assets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIRAMIDE_ASSETS", str(tmp_path))
    with pytest.raises(LabelTableMissingError, match=re.escape(str(tmp_path))):
        load_table()
    monkeypatch.delenv("PIRAMIDE_ASSETS")
    assert load_table().can_promise(RuleSet())


@pytest.mark.parametrize("kind", [*BAD_KINDS, "missing"])
def test_cli_label_with_a_bad_or_missing_table_says_so_with_status_1(kind: str, tmp_path: Path) -> None:
    bad_label_file(kind, tmp_path)
    result = run(["-m", "rules", "label", "5"], env=command_env(PIRAMIDE_ASSETS=str(tmp_path)))
    line = one_line(result, 1, str(tmp_path / "labels.json"))
    assert ("no label table" in line) == (kind == "missing")
    assert result.stdout == ""


def test_cli_label_reads_a_table_from_piramide_assets(tmp_path: Path) -> None:
    make_assets(tmp_path, labels=False)
    table = _table("U" * 4 + "S")
    (tmp_path / "labels.json").write_text(table.to_json(), encoding="utf-8")
    result = run(["-m", "rules", "label", "5"], env=command_env(PIRAMIDE_ASSETS=str(tmp_path)))
    assert result.returncode == 0 and result.stdout.splitlines()[0] == "passes=3 overlap=on solvable"
    assert result.stdout.splitlines()[1:] == [f"{rules} unknown" for rules in ALL_RULE_SETS[1:]]


def test_the_committed_giza_tables_re_solve_to_the_same_verdicts() -> None:
    """Giza's tables (when the file has them): a random sample of the known entries re-solves
    to the same verdicts, and the header counts what is still unknown."""
    table = load_table()
    giza = [rules for rules in rule_sets(GIZA) if rules.key in table.tables]
    if not giza:
        pytest.skip("no Giza table in the file")
    runs = table.made["variants"]["giza"]  # type: ignore[index]
    counts = runs[-1]["counts"]
    rng = random.Random()
    entries = []
    for rules in giza:
        column = table.tables[rules.key]
        assert counts[rules.key]["unknown"] == column.count(LETTERS[Label.UNKNOWN])
        known = [i + 1 for i, letter in enumerate(column) if letter != LETTERS[Label.UNKNOWN]]
        entries += [(number, rules) for number in rng.sample(known, min(8, len(known)))]
    _check_entries(entries)


UNLABELLED = {"cell"}
"""Variants with no table yet: the game deals them at random (README, «Variants»); every
other registered variant is labelled for every deal."""


@pytest.mark.parametrize(
    "variant", [v for v in REGISTERED if v != PYRAMID and v.name not in UNLABELLED], ids=lambda v: v.name
)
def test_every_variant_is_labelled_for_every_deal(variant: Variant) -> None:
    """Every registered variant's rule sets are labelled for deals 1-20000 with no «?» left,
    its last note counts what its tables hold, and a random sample re-solves to the same
    verdicts; no deal is won under a rule set and lost under a more permissive one."""
    table = load_table()
    columns = {rules: table.tables[rules.key] for rules in rule_sets(variant)}
    summary = table.made["variants"][variant.name][-1]  # type: ignore[index]
    for rules, column in columns.items():
        assert len(column) == LAST_DEAL and column.count(LETTERS[Label.UNKNOWN]) == 0, rules
        assert summary["counts"][rules.key]["solvable"] == column.count(LETTERS[Label.SOLVABLE])
    won, lost = LETTERS[Label.SOLVABLE], LETTERS[Label.UNSOLVABLE]
    for small, small_column in columns.items():
        for large, large_column in columns.items():
            if small.passes <= large.passes and (large.overlap or not small.overlap):
                assert not any(
                    a == won and b == lost for a, b in zip(small_column, large_column, strict=True)
                ), (small, large)
    same_cards = variant.deck == PYRAMID.deck and variant.shape == PYRAMID.shape  # not Triangle's
    if variant.win_all and same_cards and variant.waste_piles == 1:
        for rules, column in columns.items():  # every card gone is the pyramid gone too
            plain = table.tables[RuleSet(rules.passes, rules.overlap).key]
            assert not any(a == won and b == lost for a, b in zip(column, plain, strict=True)), rules
    rng = random.Random()
    _check_entries([(rng.randint(1, LAST_DEAL), rules) for rules in columns for _ in range(3)])


def test_the_winnable_share_counts_only_the_deals_labelled() -> None:
    """A table made in parts (as Tut's Tomb's was, deals 1–8000 first) gives the share of the deals
    it has decided: the unknown rest is not counted as lost (the settings' small-share note reads it)."""
    rules = RuleSet.from_key("variant=tut passes=3 overlap=off")
    partial = LabelTable({rules.key: "SUUU" + "?" * (LAST_DEAL - 4)})
    assert partial.share(rules) == 0.25
    assert LabelTable({rules.key: "?" * LAST_DEAL}).share(rules) is None
    assert LabelTable().share(rules) is None
    share = load_table().share(rules)
    assert share is not None and 0.2 < share < 0.3  # 26.4 % of deals 1-20000
