"""Visible strings of Juniper Green: key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "juniper.title": ("Juniper Green", "Juniper Green"),
    "juniper.tagline": ("Multiples et diviseurs : qui sera bloqué ?",
                        "Multiples and divisors: who gets stuck?"),
    "juniper.end.blocked": ("Le joueur {loser} ne peut plus jouer : le joueur {winner} gagne !",
                            "Player {loser} cannot move: player {winner} wins!"),
}
