"""The parts of Lightning's screen, one job each, that :mod:`games.lightning.scene` puts together:
where things are (``layout``), the tile in hand under a finger (``hand``), tiles in motion
(``motion``), the position's paths and legal squares (``facts``), the players' cards and the
supply (``panels``), the game on a real table (``table``), the rules pages and the menu icon
(``pages``)."""
