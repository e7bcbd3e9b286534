"""Command line (SPEC §6).

``python -m rules deal N`` prints deal N as a deal-text line;
``python -m rules label N`` prints its stored verdict under each rule set, one line each.
Errors are one line on standard error and exit status 2.
"""

from __future__ import annotations

import sys

from rules.cli import run_command
from rules.deals import deal_cards, format_deal_text, parse_deal_number
from rules.errors import DealNumberError
from rules.labels import LabelTableError, load_table
from rules.state import ALL_RULE_SETS

USAGE = "usage: python -m rules deal N | python -m rules label N"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("deal", "label"):
        print(f"error: {USAGE}", file=sys.stderr)
        return 2
    try:
        number = parse_deal_number(argv[1])
        if argv[0] == "deal":
            print(format_deal_text(deal_cards(number)))
        else:
            table = load_table()
            for rules in ALL_RULE_SETS:
                print(f"{rules} {table.label(number, rules).value}")
    except (DealNumberError, LabelTableError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    run_command(main)
