"""Fire Bulls data files: rules, deck and message catalog."""
