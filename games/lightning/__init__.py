"""Lightning (Harry A. Doty's 1892 patent, Selchow & Righter): a tile-laying connection game."""
