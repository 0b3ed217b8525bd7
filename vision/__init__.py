"""vision package (see README)."""
