"""Command line: ``python -m rules deal N`` prints deal N as a deal-text line (SPEC §6).

Errors are one line on standard error and exit status 2.
"""

from __future__ import annotations

import sys

from rules.deals import deal_cards, format_deal_text, parse_deal_number
from rules.errors import DealNumberError

USAGE = "usage: python -m rules deal N"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "deal":
        print(f"error: {USAGE}", file=sys.stderr)
        return 2
    try:
        number = parse_deal_number(argv[1])
    except DealNumberError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(format_deal_text(deal_cards(number)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
