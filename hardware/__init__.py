"""hardware package (see README)."""
