"""Drawing: layout from the window size, card images, text."""
