"""The fifth game's words, French first."""

STRINGS: dict[str, tuple[str, str]] = {
    "nim.title": ("Nim", "Nim"),
    "nim.tagline": ("Prends un jeton et ceux à sa droite. Le dernier gagne !",
                    "Take a token and those on its right. The last one wins!"),
    "nim.rules.title": ("Les règles de Nim", "The rules of Nim"),
    "nim.rules.take": ("Touche un jeton : il part avec tous ceux à sa droite.",
                       "Touch a token: it goes with every token on its right."),
    "nim.player.1": ("les jaunes", "yellow"),
    "nim.player.2": ("les verts", "green"),
    "nim.level.random": ("Bébé", "Baby"),
    "nim.level.perfect": ("Champion", "Champion"),
    "nim.end.last": ("Le dernier jeton est parti.", "The last token is gone."),
    "nim.illegal.empty": ("Il n'y a pas de jeton ici.", "There is no token here."),
    "nim.piece.T.the": ("le jeton", "the token"),
    "nim.piece.T.a": ("un jeton", "a token"),
    "nim.physical.guide": ("Enlève le jeton en {from} et ceux à sa droite.",
                           "Take away the token on {from} and those on its right."),
}
