"""Command line (SPEC §6).

``python -m rules deal N [--variant V]`` prints deal N as a deal-text line (48 Spanish cards
for ``--variant spanish``); ``python -m rules label N [--variant V]`` prints its stored verdict
under each rule set of the variant, one line each (``passes=3 overlap=on solvable``; another
variant's keys start ``variant=NAME``).
A bad number or command line is one line on standard error and exit status 2; a label table
that is missing or unreadable is one line and exit status 1 (see :mod:`rules.cli`).
"""

from __future__ import annotations

import argparse
import sys

from rules.cli import EXIT_OK, EXIT_USAGE, CommandError, Parser, add_variant_option, run_command
from rules.deals import deal_cards, format_deal_text, parse_deal_number
from rules.errors import DealNumberError
from rules.labels import LabelTableError, load_table
from rules.variant import rule_sets

PROG = "python -m rules"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(PROG, "Numbered Pyramid deals and their stored labels.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{deal,label}")
    deal = commands.add_parser("deal", help="print deal N as a deal-text line", description="Print deal N.")
    label = commands.add_parser(
        "label",
        help="print the stored verdict of deal N under each rule set",
        description="Print deal N's labels.",
    )
    for command in (deal, label):
        command.add_argument("number", metavar="N", help="deal number, 1-20000")
        add_variant_option(command)
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    try:
        number = parse_deal_number(args.number)
    except DealNumberError as error:
        print(f"{PROG} {args.command}: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.command == "deal":
        print(format_deal_text(deal_cards(number, args.variant)))
        return EXIT_OK
    try:
        table = load_table()
    except LabelTableError as error:
        raise CommandError(str(error)) from None
    for rules in rule_sets(args.variant):
        print(f"{rules.key} {table.label(number, rules).value}")
    return EXIT_OK


if __name__ == "__main__":
    run_command(main, PROG)
