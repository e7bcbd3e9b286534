"""Compute the label table: the solver's verdict for every deal 1–20000 under each rule set.

    python tools/make_labels.py                   # all four rule sets, every deal (long: about
                                                  # an hour on two cores); writes assets/labels.json
    python tools/make_labels.py --deals 1-500     # a part, merged into the existing table
    python tools/make_labels.py --variant spanish # the rule sets of another variant, merged in
    python tools/make_labels.py --variant all --deals 1-2000 --node-limit 500000
                                                  # every registered variant's rule sets, deals
                                                  # 1-2000 with a per-deal budget of 500k nodes
    python tools/make_labels.py --jobs 1 --node-limit 2000000
    python tools/make_labels.py --variant strict --unknown-only --node-limit 20000000
                                                  # only the entries still unknown, with a
                                                  # bigger budget
    python tools/make_labels.py --variant cell --unknown-only --schedule 0:inf
                                                  # the layered engine alone: the lost entries
                                                  # proven fastest (a deep win may need the
                                                  # default schedule after it)
    python tools/make_labels.py --variant all --unknown-only
                                                  # a new rule set (unlimited passes): solve
                                                  # only what the labels of the others leave open
    python tools/make_labels.py --verify 1500 --also 4244,7 --record
                                                  # re-solve 1500 random deals per rule set (and
                                                  # the deals named, under every rule set) with
                                                  # the solver as it is now and compare; with
                                                  # --record, note the check in the table's header

A deal's rule sets are labelled together, solving as few as their order allows (see
:func:`labels_of`): lost under 3 passes with the overlap rule is lost under all four, won
under 1 pass without it is won under all four.

Progress is kept in a checkpoint file next to the output, so an interrupted run resumes, and
a run can be repeated with more deals or a bigger budget: a verdict the solver could not reach
(``?``) never replaces one already in the table. The table records how it was made (node budget,
deals, date, solver version, time): the default variant's first run in ``made`` (later ones in
``made["runs"]``), another variant's in
``made["variants"][NAME]`` (a list, one entry per run). A deal a variant has not labelled reads
as unknown, so the game deals that variant's winnable-only games from the deals labelled so far
(at random when none is).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.cli import variant_named, whole_number  # noqa: E402
from rules.deals import FIRST_DEAL, LAST_DEAL  # noqa: E402
from rules.labels import DEFAULT_PATH, LETTERS, Label, LabelTable, LabelTableMissingError, load_table  # noqa: E402
from rules.state import RuleSet, State  # noqa: E402
from rules.variant import PYRAMID, REGISTERED, Variant, rule_sets  # noqa: E402
from solver.schedule import Schedule  # noqa: E402
from solver.search import Search, Verdict  # noqa: E402

DEFAULT_NODE_LIMIT = 5_000_000
TO_LABEL = {
    Verdict.SOLVABLE: Label.SOLVABLE,
    Verdict.UNSOLVABLE: Label.UNSOLVABLE,
    Verdict.UNKNOWN: Label.UNKNOWN,
}


def label_of(job: tuple[int, str, int, Schedule | None]) -> tuple[int, str, str, float]:
    """Solve deal ``number`` under the rule set whose key is ``key`` (with ``schedule``, or the
    rule set's own when None): (number, key, letter, seconds)."""
    number, key, node_limit, schedule = job
    began = time.perf_counter()
    state = State.from_deal(number, RuleSet.from_key(key))
    result = Search(state, node_limit=node_limit, schedule=schedule).run()
    return number, key, LETTERS[TO_LABEL[result.verdict]], time.perf_counter() - began


def at_most(small: RuleSet, large: RuleSet) -> bool:
    """Does every game won under ``small`` also win under ``large``? True when both are of one
    variant and ``large`` allows at least as many passes and the overlap rule whenever ``small``
    does: a line of play under ``small`` is then a line under ``large`` (a later pass is never
    forced, and the overlap rule only adds moves)."""
    return (
        small.variant == large.variant
        and small.passes <= large.passes
        and (large.overlap or not small.overlap)
    )


Job = tuple[int, tuple[str, ...], int, tuple[tuple[str, str], ...], Schedule | None]
"""A deal's job: its number, the keys to label, the node limit, the (key, letter) labels it
already has under its variant's other rule sets, and the engines' schedule (None: each rule
set's own)."""


def labels_of(job: Job) -> list[tuple[int, str, str, float]]:
    """Label deal ``number`` under each of the rule sets whose keys are given, solving as few as
    the order between them allows (:func:`at_most`), the labels the deal already has included
    (won with 3 passes: won with unlimited passes): the most permissive first (lost there, lost
    under every one), then the least (won there, won under every one), then the rest. A
    label found this way, not by its own search, is reported with ``-1.0`` seconds."""
    number, keys, node_limit, had, schedule = job
    left = [RuleSet.from_key(key) for key in keys]
    known: dict[RuleSet, str] = {}
    found: list[tuple[int, str, str, float]] = []
    won, lost = LETTERS[Label.SOLVABLE], LETTERS[Label.UNSOLVABLE]
    for key, letter in had:
        for other in left:
            if other not in known and (
                (letter == lost and at_most(other, RuleSet.from_key(key)))
                or (letter == won and at_most(RuleSet.from_key(key), other))
            ):
                known[other] = letter
                found.append((number, other.key, letter, -1.0))
    tops = [r for r in left if all(at_most(o, r) for o in left)]
    bottoms = [r for r in left if all(at_most(r, o) for o in left)]
    for rules in [*tops[:1], *bottoms[:1], *left]:
        if rules in known:
            continue
        _, key, letter, seconds = label_of((number, rules.key, node_limit, schedule))
        known[rules] = letter
        found.append((number, key, letter, seconds))
        for other in left:
            if other in known:
                continue
            if (letter == lost and at_most(other, rules)) or (letter == won and at_most(rules, other)):
                known[other] = letter
                found.append((number, other.key, letter, -1.0))
    return found


def pending(
    variants: tuple[Variant, ...],
    numbers: range,
    done: dict[str, str],
    node_limit: int,
    schedule: Schedule | None = None,
) -> list[Job]:
    """The jobs for :func:`labels_of`: per deal and variant, the rule sets not yet labelled, with
    the verdicts the deal already has under the variant's others (``done``: the checkpoint, and
    with ``--unknown-only`` the table's known entries, so a new rule set such as unlimited passes
    is labelled by solving only what the others leave open)."""
    unknown = LETTERS[Label.UNKNOWN]
    jobs: list[Job] = []
    for variant in variants:
        keys = [r.key for r in rule_sets(variant)]
        for n in numbers:
            todo = tuple(key for key in keys if f"{key} {n}" not in done)
            if todo:
                had = tuple((key, done[f"{key} {n}"]) for key in keys if f"{key} {n}" in done)
                known = tuple((k, v) for k, v in had if v != unknown)
                jobs.append((n, todo, node_limit, known, schedule))
    return jobs


def variants_named(text: str) -> tuple[Variant, ...]:
    """An ``argparse`` type: ``all`` (every registered variant) or one registered variant's name."""
    return REGISTERED if text == "all" else (variant_named(text),)


def chosen_rule_sets(variants: tuple[Variant, ...]) -> list[RuleSet]:
    return [rules for variant in variants for rules in rule_sets(variant)]


def command_line() -> str:
    """This run's command, for the table's note: a path given to it is written relative to the
    repository, or as its bare file name when it lies outside (no machine's paths in the table)."""
    words = []
    for word in sys.argv[1:]:
        path = Path(word)
        if not path.is_absolute():
            words.append(word)
        else:
            words.append(str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name)
    return " ".join(["python tools/make_labels.py", *words])


def solver_version() -> str:
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "rules", "solver"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    ).stdout.strip()  # fmt: skip
    return f"git {commit}" + (" with uncommitted changes" if dirty else "")


def verify(args: argparse.Namespace) -> int:
    """Re-solve a random sample of the table (and the deals named by ``--also``) and compare."""
    table = load_table(args.out)
    rng = random.Random(args.seed)
    also = [int(n) for n in args.also.split(",") if n.strip()] if args.also else []
    chosen = chosen_rule_sets(args.variant)
    jobs = sorted(
        {(n, r.key, args.node_limit, args.schedule) for r in chosen for n in also}
        | {(rng.randint(FIRST_DEAL, LAST_DEAL), r.key, args.node_limit, args.schedule)
           for r in chosen for _ in range(args.verify)}
    )  # fmt: skip
    print(f"re-solving {len(jobs)} entries, {args.jobs} processes, seed {args.seed}", flush=True)
    began = time.perf_counter()
    times: dict[str, list[tuple[float, int]]] = {r.key: [] for r in chosen}
    wrong = []
    with multiprocessing.Pool(args.jobs) as pool:
        for number, key, letter, seconds in pool.imap_unordered(label_of, jobs, chunksize=4):
            rules = RuleSet.from_key(key)
            times[key].append((seconds, number))
            stored = LETTERS[table.label(number, rules)]
            if letter != stored:
                wrong.append(f"{rules} {number}: table {stored}, solver now {letter}")
                print("MISMATCH " + wrong[-1], flush=True)
    for name, found in times.items():
        found.sort(reverse=True)
        slow = ", ".join(f"{n} {1000 * t:.0f}ms" for t, n in found[:5])
        mean = 1000 * sum(t for t, _ in found) / len(found)
        print(f"{name}: {len(found)} re-solved, mean {mean:.0f} ms, slowest {slow}")
    seconds = time.perf_counter() - began
    print(f"{len(jobs) - len(wrong)}/{len(jobs)} verdicts agree with the table ({seconds:.0f} s)")
    if args.record and not wrong:
        record = {
            "solver": solver_version(),
            "date": datetime.date.today().isoformat(),
            "entries": len(jobs),
            "how": f"{args.verify} random deals per rule set (seed {args.seed})"
            + (f" and deals {args.also} under every rule set" if also else ""),
            "result": "every verdict agrees",
            "command": command_line(),
        }
        verified = table.made.get("verified")
        history = list(verified) if isinstance(verified, list) else []
        made = {**table.made, "verified": [*history, record]}
        args.out.write_text(LabelTable(table.tables, made).to_json() + "\n", encoding="utf-8")
        print(f"recorded in {args.out.name}")
    return 1 if wrong else 0


def schedule_named(text: str) -> Schedule:
    """``--schedule HEAD:SHARE`` (SHARE a number or ``inf``) as a :class:`Schedule` of the
    engines (no stock fronts)."""
    head, _, share = text.partition(":")
    try:
        return Schedule(int(head), math.inf if share == "inf" else int(share), None)
    except ValueError:
        wanted = f"--schedule wants HEAD:SHARE, e.g. 0:inf or 1000000:8, not {text!r}"
        raise argparse.ArgumentTypeError(wanted) from None


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Compute the deal label table.", allow_abbrev=False)
    parser.add_argument("--deals", default=f"{FIRST_DEAL}-{LAST_DEAL}")
    parser.add_argument("--jobs", type=whole_number, default=multiprocessing.cpu_count())
    parser.add_argument("--node-limit", type=whole_number, default=DEFAULT_NODE_LIMIT)
    parser.add_argument("--out", type=Path, default=DEFAULT_PATH)
    parser.add_argument(
        "--unknown-only",
        action="store_true",
        help="solve only the entries the table has as unknown ('?'), e.g. again with a bigger budget",
    )
    parser.add_argument("--verify", type=int, default=0, metavar="N", help="re-solve N deals per rule set")
    parser.add_argument("--also", default="", help="with --verify: more deals to re-solve, e.g. 4244,7")
    parser.add_argument("--seed", type=int, default=0, help="with --verify: the sample's seed")
    parser.add_argument("--record", action="store_true", help="with --verify: note a clean check")
    parser.add_argument(
        "--schedule",
        type=schedule_named,
        help="HEAD:SHARE, how the engines share every search (default: each rule set's own): "
        "depth-first search alone for HEAD nodes, then SHARE layered nodes for each depth-first "
        "one; 0:inf is the layered engine alone, the fastest prover of lost deals",
    )
    parser.add_argument(
        "--variant",
        type=variants_named,
        default=(PYRAMID,),
        help="the variant whose rule sets to label, or 'all' (every registered variant)",
    )
    return parser.parse_args()


def main() -> int:
    args = arguments()
    if args.verify or args.also:
        return verify(args)
    first, _, last = args.deals.partition("-")
    numbers = range(int(first), int(last or first) + 1)

    try:
        table = load_table(args.out)
    except LabelTableMissingError:
        table = LabelTable()  # a first run: every entry is computed
    chosen = chosen_rule_sets(args.variant)
    tables = {k: list(v) for k, v in table.tables.items()}
    tables.update({r.key: list(table.tables.get(r.key, "?" * LAST_DEAL)) for r in chosen})
    checkpoint = args.out.with_suffix(".partial.json")
    done: dict[str, str] = json.loads(checkpoint.read_text()) if checkpoint.exists() else {}
    if args.unknown_only:  # what the table already decides counts as done
        unknown = LETTERS[Label.UNKNOWN]
        done.update({f"{r.key} {n}": tables[r.key][n - 1] for r in chosen for n in numbers
                     if tables[r.key][n - 1] != unknown and f"{r.key} {n}" not in done})  # fmt: skip
    jobs = pending(args.variant, numbers, done, args.node_limit, args.schedule)
    entries = sum(len(job[1]) for job in jobs)
    print(f"{entries} entries to label ({len(done)} from the checkpoint), {args.jobs} processes", flush=True)
    version = solver_version()  # the code the workers import now, not whatever HEAD is at the end
    began = time.perf_counter()
    slowest = (0.0, "")
    solved = derived = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for count, found in enumerate(pool.imap_unordered(labels_of, jobs, chunksize=4), start=1):
            for number, key, letter, seconds in found:
                name = f"{key} {number}"
                done[name] = letter
                slowest = max(slowest, (seconds, name))
                solved += seconds >= 0
                derived += seconds < 0
            if count % 250 == 0 or count == len(jobs):
                checkpoint.write_text(json.dumps(done))
                elapsed = time.perf_counter() - began
                print(
                    f"{count}/{len(jobs)} deals  {elapsed:.0f}s  {solved} solved, {derived} implied"
                    f"  slowest {slowest}",
                    flush=True,
                )

    for name, letter in done.items():
        rules_text, _, deal = name.rpartition(" ")
        column = tables.setdefault(rules_text, list("?" * LAST_DEAL))
        if letter != LETTERS[Label.UNKNOWN] or column[int(deal) - 1] == LETTERS[Label.UNKNOWN]:
            column[int(deal) - 1] = letter  # a smaller budget's «?» keeps a verdict already found
    made: dict[str, object] = {
        "solver": version,
        "date": datetime.date.today().isoformat(),
        "node_limit": args.node_limit,
        "deals": args.deals,
        "seconds": round(time.perf_counter() - began),
        "slowest": f"{slowest[1]} in {slowest[0]:.1f}s",
        "solved": solved,
        "implied": derived,
        "counts": {
            rules.key: {label.value: tables[rules.key].count(LETTERS[label]) for label in Label}
            for rules in chosen
        },
        "command": command_line(),
    }
    result = LabelTable({k: "".join(v) for k, v in tables.items()}, made_note(table.made, made, args.variant))
    args.out.write_text(result.to_json() + "\n", encoding="utf-8")
    checkpoint.unlink(missing_ok=True)
    for rules in chosen:
        letters = result.tables[rules.key]
        print(f"{rules}: " + "  ".join(f"{label.value}={letters.count(LETTERS[label])}" for label in Label))
    return 0


def made_note(
    before: dict[str, object], run: dict[str, object], variants: tuple[Variant, ...]
) -> dict[str, object]:
    """The table's note after ``run``: the default variant's first run at the top level (as
    before variants existed; later runs appended to ``runs``), another variant's appended to its
    list under ``variants`` by name, so each says how its own labels were made."""
    note = dict(before)
    if PYRAMID in variants and "command" in note:  # a later run: the first one stays on top
        earlier_runs = note.get("runs")
        note["runs"] = [*(earlier_runs if isinstance(earlier_runs, list) else []), run]
    elif PYRAMID in variants:
        note.update(run)
    others = [variant.name for variant in variants if variant != PYRAMID]
    if others:
        kept = note.get("variants")
        per_variant = dict(kept) if isinstance(kept, dict) else {}
        for name in others:  # every run of the variant, oldest first: together they say what is labelled
            earlier = per_variant.get(name, [])
            per_variant[name] = [*(earlier if isinstance(earlier, list) else [earlier]), run]
        note["variants"] = per_variant
    return note


if __name__ == "__main__":
    sys.exit(main())
