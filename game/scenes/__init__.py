"""Scenes: the table, panels and dialogs, sharing one small protocol."""
