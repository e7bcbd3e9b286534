"""Exact Pyramid solver (pure Python, no pygame): verdicts, winning lines, hints."""
